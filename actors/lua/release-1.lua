--[[
  Deliver a message a breakpoint held (actors/breakpoints.ts): its state must be ARGV[2]
  ('paused': a builder's step or continue; 'check': its condition did not hold). It is
  delivered as finish-1.lua would have (mailbox, join, the target queued or skipped on), the
  run's active count loses the hold and gains what became ready, and the run completes when
  nothing is left. An edited message (ARGV[3]) replaces the source actor's output too: the
  nodes after it read that. `then` sets what the next message does: 'step' holds the next
  message on any edge ('*' in the `bp` hash), 'continue' holds only at breakpoints, '' leaves
  it as it is. The run then shows its next paused message, if any (meta's `paused`, and
  run.paused again for it).

  KEYS[1] the run's meta hash
  ARGV[1] the held message's id, ARGV[2] the state it must be in, ARGV[3] the edited message
  (JSON text) or '', ARGV[4] then: 'step' | 'continue' | '', ARGV[5] now (ms), ARGV[6]
  retention (s), ARGV[7] the flow's live channel, ARGV[8] envelope payload limit (bytes)

  Returns { 'ok' | 'none' (no such message in that state) | 'stopped' (the run is not running),
  run status, ready JSON (as finish-1.lua's) }; what became ready is also kept as meta's
  `released` ({at, ready}) until the caller dispatched it (actors/breakpoints.ts)
]]
local id, state, edited, after = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
nowText = ARGV[5]
retentionSeconds = ARGV[6]
liveChannel = ARGV[7]
payloadLimit = tonumber(ARGV[8])
local run = redis.call('HMGET', metaKey, 'runId', 'status', 'paused', 'touched')
if run[2] ~= 'running' then return { 'stopped', run[2] or 'missing', '[]' } end
local heldKey, bpKey = base .. 'held', base .. 'bp'
local text = redis.call('HGET', heldKey, id)
if not text then return { 'none', 'running', '[]' } end
local entry = cjson.decode(text)
if entry.state ~= state then return { 'none', 'running', '[]' } end
local payload = redis.call('HGET', heldKey, id .. ':payload')
redis.call('HDEL', heldKey, id, id .. ':payload')
runId = run[1]
runJson = quote(runId)
if edited ~= '' then
  payload = edited
  redis.call('HSET', outKey, entry.fromActor, edited)
end
if after == 'step' then
  redis.call('HSET', bpKey, '*', '1')
elseif after == 'continue' then
  redis.call('HDEL', bpKey, '*')
end
local route
for _, r in ipairs(planNode(entry.source).outbound) do
  if r.edgeId == entry.edgeId then route = r end
end
local ready = {}
local nextPaused = false
local work = { { entry.source, entry.iteration, entry.fromActor, false, false, payload, entry.hop } }
local failure = takeRoute(route, work[1], ready, work, true) or routeWork(work, 2, ready)
local runStatus = 'running'
if failure then
  writeHeld()
  redis.call('HSET', metaKey, 'status', 'failed', 'error', failure, 'errorKind', 'user', 'failedNode', entry.source, 'finishedAt', nowText)
  emit({ type = 'run.failed', runId = runId, ts = tonumber(nowText), nodeId = entry.source, error = failure, errorKind = 'user' })
  ready = {}
  runStatus = 'failed'
else
  runStatus = countActive(#ready - 1, runStatus, entry.source)
end
-- the run shows the next message still paused, if any
if run[3] and string.find(run[3], '"id":' .. quote(id), 1, true) then
  local next = false
  local fields = redis.call('HGETALL', heldKey)
  for i = 1, #fields, 2 do
    if not string.find(fields[i], ':payload', 1, true) then
      local other = cjson.decode(fields[i + 1])
      if other.state == 'paused' and (not next or other.at < next.at) then next = other end
    end
  end
  if next then
    local message = redis.call('HGET', heldKey, next.id .. ':payload')
    local where = ',"edgeId":' .. quote(next.edgeId) .. ',"source":' .. quote(next.source) .. ',"nodeId":' .. quote(next.target)
      .. iterationField(next.iteration) .. ',"message":' .. message
    redis.call('HSET', metaKey, 'paused', '{"id":' .. quote(next.id) .. where .. ',"since":' .. nowText .. '}')
    -- after this message's run.resumed (below): the run is paused at the next one
    nextPaused = '{"type":"run.paused","runId":' .. runJson .. ',"ts":' .. nowText .. where .. '}'
  else
    redis.call('HDEL', metaKey, 'paused')
  end
end
if state == 'paused' then
  emitJson('{"type":"run.resumed","runId":' .. runJson .. ',"ts":' .. nowText .. ',"edgeId":' .. quote(entry.edgeId)
    .. ',"nodeId":' .. quote(entry.target) .. iterationField(entry.iteration) .. ',"action":' .. quote(after) .. ',"edited":' .. tostring(edited ~= '') .. '}')
end
if nextPaused then emitJson(nextPaused) end
writeHeld()
flushEvents()
touchRun(run[4], nowText, runStatus ~= 'running')
local readyJson = '[]'
if #ready > 0 then
  readyJson = '[' .. table.concat(ready, ',') .. ']'
  -- what the caller is to dispatch, until it says it did: a sweep dispatches it if the caller died first
  redis.call('HSET', metaKey, 'released', '{"at":' .. nowText .. ',"ready":' .. readyJson .. '}')
end
return { 'ok', runStatus, readyJson }
