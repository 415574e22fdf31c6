-- Settles a job that ended: its reservation (if it held one) is replaced by the real price, once.
-- KEYS[1], KEYS[2]: the account's reservations and their expiries (see reserve.lua); KEYS[2+i]: the counters
-- to charge when the job held no reservation (none was needed when it was accepted, or it expired).
-- ARGV[1]: job id; ARGV[2]: real price (micro-dollars); ARGV[3]: until when the settled marker is kept (ms);
-- ARGV[3+i]: counter i's expiry (unix seconds).
-- A reserved job is marked settled, so a redelivered end changes nothing. Returns 1 when a reservation was
-- settled, 2 when the price was charged without one, 0 when the job was already settled.
local function add(key, field, n)
  if n ~= 0 then
    redis.call('HINCRBY', key, field, string.format('%d', n))
  end
end
local rec = redis.call('HGET', KEYS[1], ARGV[1])
if rec == 'settled' then
  return 0
end
if rec then
  local amount, counters = string.match(rec, '^(%d+) (.*)$')
  for counter in string.gmatch(counters, '%S+') do
    add(counter, 'c', tonumber(ARGV[2]) - tonumber(amount))
    add(counter, 'r', -tonumber(amount))
  end
  redis.call('HSET', KEYS[1], ARGV[1], 'settled')
  redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
  local last = redis.call('ZRANGE', KEYS[2], -1, -1, 'WITHSCORES')
  redis.call('PEXPIREAT', KEYS[1], last[2])
  redis.call('PEXPIREAT', KEYS[2], last[2])
  return 1
end
if ARGV[2] == '0' then
  return 2
end
for i = 3, #KEYS do
  add(KEYS[i], 'c', tonumber(ARGV[2]))
  redis.call('EXPIREAT', KEYS[i], ARGV[1 + i])
end
return 2
