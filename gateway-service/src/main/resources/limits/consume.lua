-- Atomically checks the caller's credentials are current, then checks and counts one request against
-- fixed windows. All keys share one hash tag, so this works on Redis Cluster too.
-- ARGV[1]: n, the number of windows; ARGV[2]: the epoch the caller's cached credentials were read at,
-- or '' for callers without one (anonymous, administrator); ARGV[2+i]: the limit of window i;
-- ARGV[2+n+i]: its time to live in seconds. KEYS[i]: the counter of window i; KEYS[n+1]: the account's
-- epoch key, when ARGV[2] is not ''.
-- Returns {-1} when the epoch moved (a key was revoked or the account changed: nothing is counted; the
-- caller reloads its credentials and asks again), {1, count_1, ..., count_n} when allowed (counts after
-- this request), or {0, i, count_i} when window i is full (nothing is counted then).
local n = tonumber(ARGV[1])
if ARGV[2] ~= '' and redis.call('GET', KEYS[n + 1]) ~= ARGV[2] then
  return {-1}
end
for i = 1, n do
  local count = tonumber(redis.call('GET', KEYS[i]) or '0')
  if count >= tonumber(ARGV[2 + i]) then
    return {0, i, count}
  end
end
local result = {1}
for i = 1, n do
  local count = redis.call('INCR', KEYS[i])
  if count == 1 then
    redis.call('EXPIRE', KEYS[i], ARGV[2 + n + i])
  end
  result[i + 1] = count
end
return result
