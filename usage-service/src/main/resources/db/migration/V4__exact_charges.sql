-- Charges are made of what providers meter: tokens at rates per million (Gemini's $0.30 per million text tokens gives
-- ten-millionths of a dollar) are kept exactly, not rounded to a millionth.
ALTER TABLE charges ALTER COLUMN price SET DATA TYPE NUMERIC(24, 10);
ALTER TABLE lost_attempts ALTER COLUMN billed SET DATA TYPE NUMERIC(24, 10);
