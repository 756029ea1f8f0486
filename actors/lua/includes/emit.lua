-- emit(fields, rawOutput): hold a run event for this script's one entry in the events stream.
-- `rawOutput` is JSON text embedded as the event's `output` unparsed.
-- flushEvents() writes what a script emitted as ONE entry of the events stream (field `e`, a
-- JSON array of events; event k of entry X has the id "X-k") and publishes it as ONE message on
-- the flow's live channel, a line "<event id> <json>" per event (JSON text never holds a raw
-- newline). Every script that emits calls it before returning.
local eventMax = 50000
local liveChannel = false
local retentionSeconds = 604800
local pending = {}
local function emit(fields, rawOutput)
  local json = cjson.encode(fields)
  if rawOutput then
    json = string.sub(json, 1, -2) .. ',"output":' .. rawOutput .. '}'
  end
  pending[#pending + 1] = json
end

local function flushEvents()
  if #pending == 0 then return end
  local id = redis.call('XADD', eventsKey, 'MAXLEN', '~', eventMax, '*', 'e', '[' .. table.concat(pending, ',') .. ']')
  if liveChannel then
    for k, json in ipairs(pending) do pending[k] = id .. '-' .. (k - 1) .. ' ' .. json end
    redis.call('PUBLISH', liveChannel, table.concat(pending, '\n'))
  end
  pending = {}
end

local function actorKey(nodeId, iteration)
  if iteration == '' then return nodeId end
  return nodeId .. '#' .. iteration
end

local function isTerminal(state)
  return state == 'completed' or state == 'skipped' or state == 'failed' or state == 'cancelled'
end

local function touch(key)
  redis.call('EXPIRE', key, retentionSeconds)
end

-- Set the retention TTL on `keys`, which are always touched together; unless `force`, skipped
-- when the first one got it within the last tenth of the retention (at most 60 s): an EXPIRE
-- is a write (and an AOF entry), a TTL read is not. A key without a TTL yet (-1) is touched.
local function touchAll(keys, force)
  if not force then
    local ttl = redis.call('TTL', keys[1])
    if ttl >= 0 and ttl >= retentionSeconds - math.min(60, math.floor(retentionSeconds / 10)) then return end
  end
  for _, key in ipairs(keys) do touch(key) end
end
