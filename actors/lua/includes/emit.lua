-- emit(fields, rawOutput): hold a run event for this call's one entry in the events stream.
-- `rawOutput` is JSON text embedded as the event's `output` unparsed. emitJson(json) holds an
-- event already written as JSON text (the hot paths build theirs with nodeEvent, which formats
-- no numbers: timestamps and counts go in as the decimal text they arrived as).
-- flushEvents() writes what a call emitted as ONE entry of the events stream (field `e`, a
-- JSON array of events; event k of entry X has the id "X-k") and publishes it as ONE message on
-- the flow's live channel, a line "<event id> <json>" per event (JSON text never holds a raw
-- newline). Every function that emits calls it before returning.
local eventMax = 50000
local liveChannel, retentionSeconds, pending
local function resetEvents()
  liveChannel = false
  -- decimal text (an argument of EXPIRE as it came)
  retentionSeconds = '604800'
  pending = {}
end
local function emit(fields, rawOutput)
  local json = cjson.encode(fields)
  if rawOutput then
    json = string.sub(json, 1, -2) .. ',"output":' .. rawOutput .. '}'
  end
  pending[#pending + 1] = json
end

local function emitJson(json)
  pending[#pending + 1] = json
end

-- The decimal text of a small integer (a hop, a count), made once: Lua formats a number with
-- sprintf at every concatenation, and Redis a number handed to a command the same way. Kept
-- across calls for -1 … 1000.
local intTexts = {}
local function intText(n)
  local text = intTexts[n]
  if not text then
    text = string.format('%d', n)
    if n >= -1 and n <= 1000 then intTexts[n] = text end
  end
  return text
end

-- A JSON string literal for `text`.
local function quote(text)
  return cjson.encode(text)
end

-- ',"iteration":<i>' for an actor in a loop iteration, else ''
local function iterationField(iteration)
  if iteration == '' then return '' end
  return ',"iteration":' .. iteration
end

-- The opening of a node event up to its node id; the caller adds its own fields and the '}'.
-- runJson: the run id as a JSON string; nowText: the time in ms as decimal text.
local function nodeEvent(eventType, runJson, nowText, nodeJson)
  return '{"type":"' .. eventType .. '","runId":' .. runJson .. ',"ts":' .. nowText .. ',"nodeId":' .. nodeJson
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

-- Set the retention TTL on every key of the run and note when in meta's `touched`, when
-- `touched` (read by the caller; nil: at once) is older than a tenth of the retention, at most
-- 60 s: an EXPIRE is a write (and an AOF entry), not one per key and step. A run's first
-- finish always renews (start leaves `touched` unset): it creates the keys start did not.
-- `ending`: the run ends, and its keys live `retention` past its end; a renewal less than a
-- second ago stands (a short run's start renewed them: a second less of 'retention' at most).
local function touchRun(touched, nowText, ending)
  local window = ending and 1000 or math.min(60, math.floor(tonumber(retentionSeconds) / 10)) * 1000
  if touched and tonumber(nowText) - tonumber(touched) < window then return end
  for _, key in ipairs({ metaKey, planKey, outKey, actorsKey, eventsKey }) do touch(key) end
  redis.call('HSET', metaKey, 'touched', nowText)
end
