-- emit(fields, rawOutput): append a run event to the events stream and hold it for the flow's
-- live channel. `rawOutput` is JSON text embedded as the event's `output` unparsed.
-- flushLive() publishes what a script emitted as ONE message, a line "<id> <json>" per event
-- (JSON text never holds a raw newline); every script calls it before returning.
local eventMax = 50000
local liveChannel = false
local retentionSeconds = 604800
local liveLines = {}
local function emit(fields, rawOutput)
  local json = cjson.encode(fields)
  if rawOutput then
    json = string.sub(json, 1, -2) .. ',"output":' .. rawOutput .. '}'
  end
  local id = redis.call('XADD', eventsKey, 'MAXLEN', '~', eventMax, '*', 'e', json)
  if liveChannel then
    liveLines[#liveLines + 1] = id .. ' ' .. json
  end
  return id
end

local function flushLive()
  if liveChannel and #liveLines > 0 then
    redis.call('PUBLISH', liveChannel, table.concat(liveLines, '\n'))
    liveLines = {}
  end
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
