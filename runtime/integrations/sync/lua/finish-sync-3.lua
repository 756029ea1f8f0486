--[[
  A sync has ended (succeeded or failed): its summary goes to the flow's history (the newest
  20 kept), its progress and the lock go, only while the sync holds the lock.

  KEYS[1] the flow's sync lock ({prefix}{sync:<flowId>}:lock)
  KEYS[2] the sync under way, a hash ({prefix}{sync:<flowId>}:progress)
  KEYS[3] the flow's sync history, a list newest first ({prefix}{sync:<flowId>}:history)
  ARGV[1] the sync's id
  ARGV[2] its summary (JSON SyncRunSummary)

  Returns 1 when written, 0 when the sync no longer holds the lock
]]
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('LPUSH', KEYS[3], ARGV[2])
redis.call('LTRIM', KEYS[3], 0, 19)
if redis.call('HGET', KEYS[2], 'syncId') == ARGV[1] then redis.call('DEL', KEYS[2]) end
redis.call('DEL', KEYS[1])
return 1
