--[[
  Record runs in their flow's run history (a sorted set by start time, in its own hash slot, so
  not part of start-1.lua): add them, drop runs older than the retention, renew the set's TTL.
  One call for the runs of a flow started in one tick (actors/tick-batch.ts).

  KEYS[1] the flow's history sorted set
  ARGV[1] now (ms), ARGV[2] retention (s), then each run's start (ms) and id
]]
local now, retention = tonumber(ARGV[1]), tonumber(ARGV[2])
redis.call('ZADD', KEYS[1], unpack(ARGV, 3))
redis.call('ZREMRANGEBYSCORE', KEYS[1], 0, now - retention * 1000)
redis.call('EXPIRE', KEYS[1], retention)
return 1
