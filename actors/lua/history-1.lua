--[[
  Record a run in its flow's run history (a sorted set by start time, in its own hash slot, so
  not part of start-1.lua): add it, drop runs older than the retention, renew the set's TTL.
  One call instead of a MULTI of three commands.

  KEYS[1] the flow's history sorted set
  ARGV[1] run id, ARGV[2] now (ms), ARGV[3] retention (s)
]]
local now, retention = tonumber(ARGV[2]), tonumber(ARGV[3])
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], 0, now - retention * 1000)
redis.call('EXPIRE', KEYS[1], retention)
return 1
