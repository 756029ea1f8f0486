-- Finish an actor: finish-1.lua's work (see its header for `args`, laid out as its ARGV), also
-- done by start-1.lua for a trigger the starting process ran. Needs run-keys, emit, writes and
-- route. Leaves its writes and events held and the TTLs as they were: finishSteps (below) ends
-- the call. `run`: meta's runId, status, hop, touched and debug, as a finish before it in the
-- call read them (a step run ahead: the run still running, the actor queued by that finish); nil: read.
-- Change the run's active count by `delta`: a step that made one actor ready leaves it as it
-- was (and above zero: the actor finishing was in it). The step that brings it to 0 completes
-- the run (`actor` its last node). Returns the run's status afterwards.
local function countActive(delta, runStatus, actor)
  if delta == 0 then return runStatus end
  local active = redis.call('HINCRBY', metaKey, 'active', intText(delta))
  if active <= 0 and runStatus == 'running' then
    runStatus = 'completed'
    redis.call('HSET', metaKey, 'status', 'completed', 'finishedAt', nowText, 'lastNode', actor)
    emitJson('{"type":"run.completed","runId":' .. runJson .. ',"ts":' .. nowText .. '}')
  end
  return runStatus
end

local function finishActor(args, run)
  local actor, nodeId, iteration = args[1], args[2], args[3]
  local status, output, chosenJson = args[4], args[5], args[6]
  local mode, fusedStart = args[10], args[15]
  nowText = args[7]
  local now = tonumber(nowText)
  retentionSeconds = args[12]
  liveChannel = args[13]
  payloadLimit = tonumber(args[14])
  -- the actor's state and the hop it became ready with
  local record
  if run then
    record = { 'queued', readyHops[actor] }
  else
    run = redis.call('HMGET', metaKey, 'runId', 'status', 'hop', 'touched', 'debug')
    record = redis.call('HMGET', actorsKey, actor, actor .. ':hop')
  end
  runId = run[1]
  local runStatus = run[2]
  if isTerminal(record[1]) then
    return { 'dup', runStatus, redis.call('HGET', actorsKey, actor .. ':next') or '[]' }
  end
  if runStatus ~= 'running' then
    redis.call('HSET', actorsKey, actor, 'cancelled')
    return { 'stopped', runStatus, '[]' }
  end

  runJson = quote(runId)
  debugRun = run[5] == '1'
  local holdsBefore = holdsMade
  local nodeJson, iterationJson = quote(nodeId), iterationField(iteration)
  if fusedStart ~= '' then
    emitJson(nodeEvent('node.started', runJson, fusedStart, nodeJson) .. iterationJson .. '}')
    hold(actorsKey, actor .. ':start', fusedStart)
  end
  hold(outKey, actor, output)
  setState(actor, status)
  hold(actorsKey, actor .. ':end', nowText)
  emitJson(nodeEvent('node.' .. status, runJson, nowText, nodeJson) .. ',"durationMs":' .. args[8] .. ',"code":' .. args[9]
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
      return { 'ok', 'failed', '[]' }, run
    end
  elseif mode == 'loopStart' then
    local modeData = cjson.decode(args[11])
    redis.call('HSET', metaKey, 'loop:' .. nodeId, args[11], 'loopOf:' .. modeData.loopEnd, nodeId)
    if modeData.count > 0 then
      queueActor(nodeId, '0', 0, ready)
    else
      queueActor(modeData.loopEnd, '', 0, ready)
    end
  elseif mode == 'loopNext' then
    local modeData = cjson.decode(args[11])
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
  -- this actor leaves the active count and what it made ready (or a breakpoint held) joins it
  runStatus = countActive(#ready - 1 + holdsMade - holdsBefore, runStatus, actor)
  -- actors[<actor>:next] is what a replay of this actor re-enqueues; nothing to replay: no field
  local readyJson = '[]'
  if #ready > 0 then
    readyJson = '[' .. table.concat(ready, ',') .. ']'
    hold(actorsKey, actor .. ':next', readyJson)
  end
  return { 'ok', runStatus, readyJson }, run
end

--[[
  Finish an actor (`args`, as finish-1.lua's ARGV), then the steps its process ran ahead:
  `steps[from ..]`, 5 fields each (node id, output JSON, chosen handles JSON or '', started at
  and ended at, ms), each the one actor the finish before it made ready, a fresh first attempt
  of a node outside loops, completed with code 200 (actors/run-ahead.ts). A step is finished
  only while the one before it finished ('ok'), left the run running and made exactly that
  actor ready; the rest are dropped (their process hands on what the last finish made ready).
  A step reads nothing back: the finish before it left the run running and queued the actor.
  Then the call's writes are made (one HSET per hash), its events go out as one entry and the
  run's keys' TTLs are renewed. `run`: as finishActor's, for the first finish (a start's trigger).

  Returns the last finish's { 'ok' | 'dup' | 'stopped', run status, ready JSON }, how many
  steps were finished after `args`'s actor and how many messages breakpoints held.
]]
local function finishSteps(args, steps, from, run)
  local result
  result, run = finishActor(args, run)
  local finished = result[1] == 'ok'
  local at = from
  while at + 4 <= #steps and result[1] == 'ok' and result[2] == 'running' and result[3] == '[' .. quote(steps[at]) .. ']' do
    local node, startedAt, endedAt = steps[at], steps[at + 3], steps[at + 4]
    local duration = intText(math.max(0, tonumber(endedAt) - tonumber(startedAt)))
    result = finishActor({ node, node, '', 'completed', steps[at + 1], steps[at + 2], endedAt, duration, '200', 'route', '{}',
      retentionSeconds, liveChannel, payloadLimit, startedAt }, run)
    at = at + 5
  end
  if finished then
    writeHeld()
    flushEvents()
    -- the run's keys live `retention` past its last activity: renewed at most every few seconds
    -- while it runs, always when it ends (after the events: a start that finished its trigger,
    -- start-1.lua, creates the events stream with them)
    touchRun(run[4], nowText, result[2] ~= 'running')
  end
  result[4] = (at - from) / 5
  result[5] = holdsMade
  return result
end
