--[[
  Append log records of one project and drop what has passed the retention, in one step.
  Records older than the cutoff (and, past the cap, the oldest ones) leave the records hash and
  the time index; the flow and severity indexes written here are trimmed by the cutoff too
  (an id left in another index whose record is gone is skipped by readers, and that index
  expires `retention` after its last write). The records of one call are appended in order, then
  trimmed once, as if appended one by one.

  KEYS[1] records: hash id → record JSON      ({prefix}{logs:<projectId>}:records)
  KEYS[2] time index: zset id, score = ms     ({prefix}{logs:<projectId>}:all)
  KEYS[1 + 2i], KEYS[2 + 2i]  record i's flow index and severity index (zsets)
                              ({prefix}{logs:<projectId>}:flow:<flowId>, …:severity:<SEVERITY>)
  ARGV[1] cutoff (ms): records older than this are dropped
  ARGV[2] retention (seconds): EXPIRE of every key written
  ARGV[3] the most records kept for the project
  ARGV[1 + 3i], ARGV[2 + 3i], ARGV[3 + 3i]  record i's id, timestamp (ms) and JSON

  A record whose id is there already is not written again (a run's record has the run's id in
  its own, so two processes that both saw the run end write it once).

  Returns, for each record, the number of records kept, or -1 when the record was there already
]]
local function dropIds(ids)
  for i = 1, #ids, 500 do
    local batch = {}
    for j = i, math.min(i + 499, #ids) do batch[#batch + 1] = ids[j] end
    redis.call('HDEL', KEYS[1], unpack(batch))
  end
end

local results = {}
local written = {}
for i = 1, (#KEYS - 2) / 2 do
  local id, ts = ARGV[1 + 3 * i], ARGV[2 + 3 * i]
  if redis.call('HSETNX', KEYS[1], id, ARGV[3 + 3 * i]) == 0 then
    results[i] = -1
  else
    results[i] = 0
    for _, key in ipairs({KEYS[2], KEYS[1 + 2 * i], KEYS[2 + 2 * i]}) do
      redis.call('ZADD', key, ts, id)
      written[key] = true
    end
  end
end
if next(written) == nil then return results end

local stale = '(' .. ARGV[1]
dropIds(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', stale))
for key in pairs(written) do redis.call('ZREMRANGEBYSCORE', key, '-inf', stale) end

local count = redis.call('ZCARD', KEYS[2])
local max = tonumber(ARGV[3])
if count > max then
  dropIds(redis.call('ZRANGE', KEYS[2], 0, count - max - 1))
  redis.call('ZREMRANGEBYRANK', KEYS[2], 0, count - max - 1)
  count = max
end
redis.call('EXPIRE', KEYS[1], ARGV[2])
for key in pairs(written) do redis.call('EXPIRE', key, ARGV[2]) end
for i = 1, #results do
  if results[i] == 0 then results[i] = count end
end
return results
