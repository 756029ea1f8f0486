--[[
  Begin an activation. Decides whether a worker may run the actor's executor now:
  'run' (queued → running, or a stalled re-run of a running actor), 'done' (already finished:
  the caller only replays what finishing queued), 'suspended' (waiting on a child run),
  'stopped' (the run is no longer running; the actor is marked cancelled). With 'run' and
  'suspended' comes the actor's plan node (JSON text), saving the worker a round trip.

  KEYS[1] the run's meta hash
  ARGV[1] actor key, ARGV[2] node id, ARGV[3] iteration ('' outside loops), ARGV[4] now (ms),
  ARGV[5] the flow's live channel
]]

local actor, nodeId, iteration, now = ARGV[1], ARGV[2], ARGV[3], tonumber(ARGV[4])
liveChannel = ARGV[5]
local current = redis.call('HGET', actorsKey, actor)
if isTerminal(current) then return { 'done' } end
if redis.call('HGET', metaKey, 'status') ~= 'running' then
  redis.call('HSET', actorsKey, actor, 'cancelled')
  return { 'stopped' }
end
if current == 'suspended' then return { 'suspended', redis.call('HGET', planKey, nodeId) } end
if current ~= 'running' then
  redis.call('HSET', actorsKey, actor, 'running', actor .. ':start', ARGV[4])
  local event = { type = 'node.started', runId = redis.call('HGET', metaKey, 'runId'), ts = now, nodeId = nodeId }
  if iteration ~= '' then event.iteration = tonumber(iteration) end
  emit(event)
  flushEvents()
end
return { 'run', redis.call('HGET', planKey, nodeId) }
