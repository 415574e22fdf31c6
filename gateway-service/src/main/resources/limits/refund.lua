-- Gives back one request to each window counter in KEYS (those a request was counted in before another limit
-- refused it). A counter that expired meanwhile is left alone, never created or taken below zero.
for i = 1, #KEYS do
  local count = tonumber(redis.call('GET', KEYS[i]) or '0')
  if count > 0 then
    redis.call('DECR', KEYS[i])
  end
end
return #KEYS
