-- The account's credential epoch, created when it has none (a new account, or Redis lost its data).
-- KEYS[1]: the epoch key; ARGV[1]: a fresh random value to use when there is none. Returns the epoch.
local epoch = redis.call('GET', KEYS[1])
if not epoch then
  redis.call('SET', KEYS[1], ARGV[1])
  epoch = ARGV[1]
end
return epoch
