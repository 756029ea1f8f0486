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
  ARGV[11] mode data, JSON: loopStart {count, waitMs, loopEnd}; loopNext {next, iteration, delayMs}
  ARGV[12] retention (s)
  ARGV[13] the flow's live channel
  ARGV[14] envelope payload limit (bytes): larger outputs are referenced, not copied
  ARGV[15] start (ms) when begin was skipped (a fresh first attempt: the actor is still
           'queued'), else '': finish then records the start and emits node.started itself

  Returns { 'ok' | 'dup' | 'stopped', run status, ready JSON: [{actor, node, iteration, delayMs}] }
]]
--@include run-keys
--@include emit
--@include route

local actor, nodeId, iteration = ARGV[1], ARGV[2], ARGV[3]
local status, output, chosenJson = ARGV[4], ARGV[5], ARGV[6]
local now, mode = tonumber(ARGV[7]), ARGV[10]
retentionSeconds = tonumber(ARGV[12])
liveChannel = ARGV[13]
payloadLimit = tonumber(ARGV[14])
local run = redis.call('HMGET', metaKey, 'runId', 'status', 'hop')
runId = run[1]
local runStatus = run[2]
local current = redis.call('HGET', stateKey, actor)
if isTerminal(current) then
  return { 'dup', runStatus, redis.call('HGET', nextKey, actor) or '[]' }
end
if runStatus ~= 'running' then
  redis.call('HSET', stateKey, actor, 'cancelled')
  return { 'stopped', runStatus, '[]' }
end

if ARGV[15] ~= '' then
  local started = { type = 'node.started', runId = runId, ts = tonumber(ARGV[15]), nodeId = nodeId }
  if iteration ~= '' then started.iteration = tonumber(iteration) end
  emit(started)
end
redis.call('HSET', outKey, actor, output)
redis.call('HSET', stateKey, actor, status)
if ARGV[15] ~= '' then
  redis.call('HSET', timesKey, actor .. ':start', ARGV[15], actor .. ':end', now)
else
  redis.call('HSET', timesKey, actor .. ':end', now)
end
local event = { type = 'node.' .. status, runId = runId, ts = now, nodeId = nodeId,
  durationMs = tonumber(ARGV[8]), code = tonumber(ARGV[9]) }
if iteration ~= '' then event.iteration = tonumber(iteration) end
emit(event, output)

local ready = {}
if mode == 'route' then
  local chosen = false
  if chosenJson ~= '' then
    chosen = {}
    for _, handle in ipairs(cjson.decode(chosenJson)) do chosen[handle] = true end
  end
  -- the hop the actor became ready with; a loop step's: its node's
  local hop = redis.call('HGET', timesKey, actor .. ':hop')
  if not hop and actor ~= nodeId then hop = redis.call('HGET', timesKey, nodeId .. ':hop') end
  hop = tonumber(hop or run[3])
  local failure = routeFrom(nodeId, iteration, actor, status == 'skipped', chosen, output, hop, now, ready)
  if failure then
    redis.call('HSET', metaKey, 'status', 'failed', 'error', failure, 'failedNode', nodeId, 'finishedAt', now)
    emit({ type = 'run.failed', runId = runId, ts = now, nodeId = nodeId, error = failure })
    touchAll({ nextKey, metaKey, planKey, outKey, stateKey, eventsKey, timesKey }, true)
    flushEvents()
    return { 'ok', 'failed', '[]' }
  end
elseif mode == 'loopStart' then
  local modeData = cjson.decode(ARGV[11])
  redis.call('HSET', metaKey, 'loop:' .. nodeId, ARGV[11], 'loopOf:' .. modeData.loopEnd, nodeId)
  if modeData.count > 0 then
    queueActor(nodeId, '0', 0, now, ready)
  else
    queueActor(modeData.loopEnd, '', 0, now, ready)
  end
elseif mode == 'loopNext' then
  local modeData = cjson.decode(ARGV[11])
  queueActor(modeData.node, modeData.iteration, modeData.delayMs, now, ready)
elseif mode == 'stop' then
  redis.call('HSET', metaKey, 'status', 'incomplete', 'finishedAt', now, 'lastNode', actor)
  emit({ type = 'run.incomplete', runId = runId, ts = now, nodeId = nodeId })
  runStatus = 'incomplete'
end

local active = redis.call('HINCRBY', metaKey, 'active', #ready - 1)
if active <= 0 and runStatus == 'running' then
  runStatus = 'completed'
  redis.call('HSET', metaKey, 'status', 'completed', 'finishedAt', now, 'lastNode', actor)
  emit({ type = 'run.completed', runId = runId, ts = now })
end
-- next[actor] is what a replay of this actor re-enqueues; nothing to replay: no field
local readyJson = '[]'
if #ready > 0 then
  readyJson = cjson.encode(ready)
  redis.call('HSET', nextKey, actor, readyJson)
end
-- the run's keys live `retention` past its last activity; refreshed at most every few seconds
-- while it runs (nextKey first: the first finish that makes something ready creates it; until
-- then every key is touched), always when it ends
touchAll({ nextKey, metaKey, planKey, outKey, stateKey, eventsKey, timesKey }, runStatus ~= 'running')
flushEvents()
return { 'ok', runStatus, readyJson }
