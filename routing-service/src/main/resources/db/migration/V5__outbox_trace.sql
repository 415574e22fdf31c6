-- The trace context (W3C traceparent, then tracestate) a job's end was written in, so that its messages
-- continue the job's trace however late the relay publishes them; null when tracing is off.
ALTER TABLE job_outbox ADD COLUMN trace VARCHAR(600);
