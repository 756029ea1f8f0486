--[[
  Finish an actor: store its output, route one message along every outgoing route (data on the
  chosen ones, skip on the others), run the join of every target, queue the targets that became
  ready, skip (inline, transitively) the ones whose messages were all skips, update the run's
  active count and complete the run when nothing is left. All in one step, so a crash between
  "output stored" and "messages routed" cannot happen; a second call for the same actor
  changes nothing and answers what the first one queued.

  KEYS[1] the run's meta hash (the other run keys are derived from its prefix)
  ARGV[1] actor key ("node" or "node#iteration")
  ARGV[2] node id
  ARGV[3] iteration ('' outside loops)
  ARGV[4] 'completed' | 'skipped'
  ARGV[5] output, JSON text
  ARGV[6] chosen handles, JSON array, or '' for all (router nodes choose)
  ARGV[7] now (ms)
  ARGV[8] duration (ms)
  ARGV[9] status code (200, or 204 after a retry)
  ARGV[10] mode: 'route' | 'loopStart' | 'loopNext' | 'stop'
  ARGV[11] mode data, JSON: loopStart {count, waitMs, loopEnd, decide?}; loopNext {node, iteration, delayMs,
           body?, bodyOutput?} (a deciding loop that ends: each body node completes with bodyOutput)
  ARGV[12] retention (s)
  ARGV[13] the flow's live channel
  ARGV[14] envelope payload limit (bytes): larger outputs are referenced, not copied
  ARGV[15] start (ms) when begin was skipped (a fresh first attempt: the actor is still
           'queued'), else '': finish then records the start and emits node.started itself

  Returns { 'ok' | 'dup' | 'stopped', run status, ready JSON: an array of actor keys, an actor
  with a delay as {actor, node, iteration, delayMs} (runs finished before 2026-11-28 stored
  every entry so) }
]]

local actor, nodeId, iteration = ARGV[1], ARGV[2], ARGV[3]
local status, output, chosenJson = ARGV[4], ARGV[5], ARGV[6]
local mode, fusedStart = ARGV[10], ARGV[15]
nowText = ARGV[7]
local now = tonumber(nowText)
retentionSeconds = ARGV[12]
liveChannel = ARGV[13]
payloadLimit = tonumber(ARGV[14])
local run = redis.call('HMGET', metaKey, 'runId', 'status', 'hop', 'touched')
runId = run[1]
local runStatus = run[2]
-- the actor's state and the hop it became ready with
local record = redis.call('HMGET', actorsKey, actor, actor .. ':hop')
if isTerminal(record[1]) then
  return { 'dup', runStatus, redis.call('HGET', actorsKey, actor .. ':next') or '[]' }
end
if runStatus ~= 'running' then
  redis.call('HSET', actorsKey, actor, 'cancelled')
  return { 'stopped', runStatus, '[]' }
end

runJson = quote(runId)
local nodeJson, iterationJson = quote(nodeId), iterationField(iteration)
if fusedStart ~= '' then
  emitJson(nodeEvent('node.started', runJson, fusedStart, nodeJson) .. iterationJson .. '}')
  hold(actorsKey, actor .. ':start', fusedStart)
end
hold(outKey, actor, output)
setState(actor, status)
hold(actorsKey, actor .. ':end', nowText)
emitJson(nodeEvent('node.' .. status, runJson, nowText, nodeJson) .. ',"durationMs":' .. ARGV[8] .. ',"code":' .. ARGV[9]
  .. iterationJson .. ',"output":' .. output .. '}')

local ready = {}
if mode == 'route' then
  local chosen = false
  if chosenJson ~= '' then
    chosen = {}
    for _, handle in ipairs(cjson.decode(chosenJson)) do chosen[handle] = true end
  end
  -- a loop step became ready without a hop of its own: its node's
  local hop = record[2]
  if not hop and actor ~= nodeId then hop = redis.call('HGET', actorsKey, nodeId .. ':hop') end
  hop = tonumber(hop or run[3])
  local failure = routeFrom(nodeId, iteration, actor, status == 'skipped', chosen, output, hop, ready)
  if failure then
    writeHeld()
    -- too deep is the flow's own doing: a 'user' error (contract/errors.ts)
    redis.call('HSET', metaKey, 'status', 'failed', 'error', failure, 'errorKind', 'user', 'failedNode', nodeId, 'finishedAt', nowText)
    emit({ type = 'run.failed', runId = runId, ts = now, nodeId = nodeId, error = failure, errorKind = 'user' })
    touchRun(run[4], nowText, true)
    flushEvents()
    return { 'ok', 'failed', '[]' }
  end
elseif mode == 'loopStart' then
  local modeData = cjson.decode(ARGV[11])
  redis.call('HSET', metaKey, 'loop:' .. nodeId, ARGV[11], 'loopOf:' .. modeData.loopEnd, nodeId)
  if modeData.count > 0 then
    queueActor(nodeId, '0', 0, ready)
  else
    queueActor(modeData.loopEnd, '', 0, ready)
  end
elseif mode == 'loopNext' then
  local modeData = cjson.decode(ARGV[11])
  -- a deciding loop that ends: its body's nodes complete as their own actors with bodyOutput
  for _, bodyNode in ipairs(modeData.body or {}) do
    if not isTerminal(stateOf(bodyNode)) then
      setState(bodyNode, 'completed')
      hold(outKey, bodyNode, modeData.bodyOutput)
      hold(actorsKey, bodyNode .. ':end', nowText)
      emitJson(nodeEvent('node.completed', runJson, nowText, quote(bodyNode)) .. ',"output":' .. modeData.bodyOutput .. '}')
    end
  end
  queueActor(modeData.node, modeData.iteration, modeData.delayMs, ready)
elseif mode == 'stop' then
  redis.call('HSET', metaKey, 'status', 'incomplete', 'finishedAt', nowText, 'lastNode', actor)
  emit({ type = 'run.incomplete', runId = runId, ts = now, nodeId = nodeId })
  runStatus = 'incomplete'
end
-- this actor leaves the active count and what it made ready joins it: a step that made one
-- actor ready leaves the count as it was (and above zero: this actor was in it)
if #ready ~= 1 then
  local active = redis.call('HINCRBY', metaKey, 'active', intText(#ready - 1))
  if active <= 0 and runStatus == 'running' then
    runStatus = 'completed'
    redis.call('HSET', metaKey, 'status', 'completed', 'finishedAt', nowText, 'lastNode', actor)
    emitJson('{"type":"run.completed","runId":' .. runJson .. ',"ts":' .. nowText .. '}')
  end
end
-- actors[<actor>:next] is what a replay of this actor re-enqueues; nothing to replay: no field
local readyJson = '[]'
if #ready > 0 then
  readyJson = '[' .. table.concat(ready, ',') .. ']'
  hold(actorsKey, actor .. ':next', readyJson)
end
writeHeld()
-- the run's keys live `retention` past its last activity: renewed at most every few seconds
-- while it runs, always when it ends
touchRun(run[4], nowText, runStatus ~= 'running')
flushEvents()
return { 'ok', runStatus, readyJson }
