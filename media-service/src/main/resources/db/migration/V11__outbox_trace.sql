-- The trace context (W3C traceparent, then tracestate) a storage change was made in, so that its event
-- continues that trace when the relay publishes it; null when tracing is off.
ALTER TABLE storage_outbox ADD COLUMN trace VARCHAR(600);
