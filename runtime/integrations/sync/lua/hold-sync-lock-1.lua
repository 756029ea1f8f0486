--[[
  Take or renew the lock of a flow's syncs: one sync of a flow runs at a time, in any worker.
  The lock holds the sync's id, so the worker that resumes a sync whose worker died (BullMQ
  hands the stalled job on once the dead worker's job lock expired) takes it over, while a
  different sync of the flow waits its turn.

  KEYS[1] the flow's sync lock ({prefix}{sync:<flowId>}:lock)
  ARGV[1] the sync's id
  ARGV[2] how long the lock lasts unless renewed (ms)

  Returns 1 when the lock is now the sync's, else 0
]]
local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', tonumber(ARGV[2]))
return 1
