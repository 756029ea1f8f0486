--[[
  Append one log record of a project and drop what has passed the retention, in one step.
  Records older than the cutoff (and, past the cap, the oldest ones) leave the records hash and
  the time index; the flow and severity indexes written here are trimmed by the cutoff too
  (an id left in another index whose record is gone is skipped by readers, and that index
  expires `retention` after its last write).

  KEYS[1] records: hash id → record JSON      ({prefix}{logs:<projectId>}:records)
  KEYS[2] time index: zset id, score = ms     ({prefix}{logs:<projectId>}:all)
  KEYS[3] the record's flow index (zset)      ({prefix}{logs:<projectId>}:flow:<flowId>)
  KEYS[4] the record's severity index (zset)  ({prefix}{logs:<projectId>}:severity:<SEVERITY>)
  ARGV[1] record id
  ARGV[2] record timestamp (ms)
  ARGV[3] record JSON
  ARGV[4] cutoff (ms): records older than this are dropped
  ARGV[5] retention (seconds): EXPIRE of every key written
  ARGV[6] the most records kept for the project

  A record whose id is there already is not written again (a run's record has the run's id in
  its own, so two processes that both saw the run end write it once).

  Returns the number of records kept, or -1 when the record was there already
]]
local function dropIds(ids)
  for i = 1, #ids, 500 do
    local batch = {}
    for j = i, math.min(i + 499, #ids) do batch[#batch + 1] = ids[j] end
    redis.call('HDEL', KEYS[1], unpack(batch))
  end
end

if redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[3]) == 0 then return -1 end
for i = 2, 4 do redis.call('ZADD', KEYS[i], ARGV[2], ARGV[1]) end

local stale = '(' .. ARGV[4]
dropIds(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', stale))
for i = 2, 4 do redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', stale) end

local count = redis.call('ZCARD', KEYS[2])
local max = tonumber(ARGV[6])
if count > max then
  dropIds(redis.call('ZRANGE', KEYS[2], 0, count - max - 1))
  redis.call('ZREMRANGEBYRANK', KEYS[2], 0, count - max - 1)
  count = max
end
for i = 1, 4 do redis.call('EXPIRE', KEYS[i], ARGV[5]) end
return count
