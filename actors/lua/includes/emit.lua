-- emit(fields, rawOutput): append a run event to the events stream and publish it to the
-- flow's live channel. `rawOutput` is JSON text embedded as the event's `output` unparsed.
local eventMax = 50000
local liveChannel = false
local retentionSeconds = 604800
local function emit(fields, rawOutput)
  local json = cjson.encode(fields)
  if rawOutput then
    json = string.sub(json, 1, -2) .. ',"output":' .. rawOutput .. '}'
  end
  local id = redis.call('XADD', eventsKey, 'MAXLEN', '~', eventMax, '*', 'e', json)
  if liveChannel then
    redis.call('PUBLISH', liveChannel, id .. ' ' .. json)
  end
  return id
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
