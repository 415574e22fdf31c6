-- Replaces an idempotency record only if it still holds the value the caller read (or, with ARGV[2] = '',
-- deletes it), so two replicas that both find the first attempt lost cannot both take it over.
-- KEYS[1]: the record; ARGV[1]: the value read; ARGV[2]: the new value, or '' to delete; ARGV[3]: its time to live (ms).
-- Returns 1 when replaced or deleted, 0 when the record had changed.
if redis.call('GET', KEYS[1]) ~= ARGV[1] then
  return 0
end
if ARGV[2] == '' then
  redis.call('DEL', KEYS[1])
else
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
end
return 1
