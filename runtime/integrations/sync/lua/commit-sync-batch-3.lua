--[[
  One batch of a sync is done (its runs started): the sync's progress moves past it and, for an
  incremental sync, the cursor the next sync starts from too, in one step, and only while the
  sync still holds the flow's lock (a worker that lost it writes nothing).

  KEYS[1] the flow's sync lock ({prefix}{sync:<flowId>}:lock)
  KEYS[2] the sync under way, a hash ({prefix}{sync:<flowId>}:progress)
  KEYS[3] where the next incremental sync starts ({prefix}{sync:<flowId>}:cursor)
  ARGV[1] the sync's id
  ARGV[2] the next batch's index
  ARGV[3] the batch's cursor (JSON)
  ARGV[4] records read in this batch
  ARGV[5] records handed to runs in this batch
  ARGV[6] '1' for an incremental sync (the cursor key moves), else '0'

  Returns 1 when written, 0 when the sync no longer holds the lock
]]
if redis.call('GET', KEYS[1]) ~= ARGV[1] or redis.call('HGET', KEYS[2], 'syncId') ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[2], 'batch', ARGV[2], 'cursor', ARGV[3])
redis.call('HINCRBY', KEYS[2], 'read', tonumber(ARGV[4]))
redis.call('HINCRBY', KEYS[2], 'written', tonumber(ARGV[5]))
if ARGV[6] == '1' then redis.call('SET', KEYS[3], ARGV[3]) end
return 1
