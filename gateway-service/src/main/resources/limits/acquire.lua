-- Takes a concurrency lease. KEYS[1]: the caller's lease set for one media kind (members = job ids,
-- scores = expiry in ms). ARGV: now_ms, expiry_ms, limit, job id.
-- Expired leases (their holder died and no completion was seen) are dropped first.
-- Returns 1 when the lease is held (also when this job already held it), 0 when the limit is reached.
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZSCORE', KEYS[1], ARGV[4]) then
  return 1
end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
  return 0
end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIREAT', KEYS[1], ARGV[2])
return 1
