-- Reserves a job's worst-case price against the spend counters of its account and key, atomically, so any
-- number of gateway replicas together never let the committed spend pass a cap.
-- KEYS[1]: the account's reservations (hash: job id -> "<amount> <counter> <counter> ..." or "settled");
-- KEYS[2]: their expiries (sorted set, ms); KEYS[2+i]: counter i (hash: c = spent + reserved, r = reserved;
-- micro-dollars). Every key shares the account's hash tag (one Redis Cluster slot).
-- ARGV[1]: now (ms); ARGV[2]: this reservation's expiry (ms); ARGV[3]: job id; ARGV[4]: amount (micro-dollars);
-- ARGV[4+i]: counter i's cap (micro-dollars) or -1 for none; ARGV[4+n+i]: counter i's expiry (unix seconds).
-- Reservations whose job was never seen to end are given back first, and settled markers dropped.
-- Returns {1} when reserved (also when this job already was), {0, i, c_i, r_i} when counter i's cap would be passed.
local function add(key, field, n)
  if n ~= 0 then
    redis.call('HINCRBY', key, field, string.format('%d', n))
  end
end
local now = tonumber(ARGV[1])
for _, job in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now, 'LIMIT', 0, 100)) do
  local rec = redis.call('HGET', KEYS[1], job)
  if rec and rec ~= 'settled' then
    local amount, counters = string.match(rec, '^(%d+) (.*)$')
    for counter in string.gmatch(counters, '%S+') do
      if redis.call('EXISTS', counter) == 1 then
        add(counter, 'c', -tonumber(amount))
        add(counter, 'r', -tonumber(amount))
      end
    end
  end
  redis.call('HDEL', KEYS[1], job)
  redis.call('ZREM', KEYS[2], job)
end
if redis.call('HEXISTS', KEYS[1], ARGV[3]) == 1 then
  return {1}
end
local n = #KEYS - 2
local amount = tonumber(ARGV[4])
for i = 1, n do
  local cap = tonumber(ARGV[4 + i])
  if cap >= 0 then
    local c = tonumber(redis.call('HGET', KEYS[2 + i], 'c') or '0')
    if c + amount > cap then
      return {0, i, c, tonumber(redis.call('HGET', KEYS[2 + i], 'r') or '0')}
    end
  end
end
local names = {}
for i = 1, n do
  add(KEYS[2 + i], 'c', amount)
  add(KEYS[2 + i], 'r', amount)
  redis.call('EXPIREAT', KEYS[2 + i], ARGV[4 + n + i])
  names[i] = KEYS[2 + i]
end
redis.call('HSET', KEYS[1], ARGV[3], ARGV[4] .. ' ' .. table.concat(names, ' '))
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
local last = redis.call('ZRANGE', KEYS[2], -1, -1, 'WITHSCORES')
redis.call('PEXPIREAT', KEYS[1], last[2])
redis.call('PEXPIREAT', KEYS[2], last[2])
return {1}
