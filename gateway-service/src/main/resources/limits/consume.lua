-- Atomically checks and counts one request against fixed windows.
-- KEYS[i]: the counter of window i (all share one hash tag, so this works on Redis Cluster too).
-- ARGV[i]: the limit of window i; ARGV[n+i]: its time to live in seconds.
-- Returns {1, count_1, ..., count_n} when allowed (counts after this request),
-- or {0, i, count_i} when window i is full (nothing is counted then).
local n = #KEYS
for i = 1, n do
  local count = tonumber(redis.call('GET', KEYS[i]) or '0')
  if count >= tonumber(ARGV[i]) then
    return {0, i, count}
  end
end
local result = {1}
for i = 1, n do
  local count = redis.call('INCR', KEYS[i])
  if count == 1 then
    redis.call('EXPIRE', KEYS[i], ARGV[n + i])
  end
  result[i + 1] = count
end
return result
