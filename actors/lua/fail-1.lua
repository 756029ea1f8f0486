--[[
  Fail an actor and with it the run (a failure in one run never touches another).

  KEYS[1] the run's meta hash
  ARGV[1] actor key, ARGV[2] node id, ARGV[3] iteration, ARGV[4] error text, ARGV[5] now (ms),
  ARGV[6] duration (ms), ARGV[7] status code (500, or 509 after a retry), ARGV[8] retention (s),
  ARGV[9] the flow's live channel, ARGV[10] detail (the underlying error, may be ''),
  ARGV[11] error kind (contract/errors.ts: 'user', 'operational', 'timeout', 'unexpected')

  Returns the run's status afterwards.
]]

local actor, nodeId, iteration, message, kind = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[11]
local now = tonumber(ARGV[5])
retentionSeconds = ARGV[8]
liveChannel = ARGV[9]
if isTerminal(redis.call('HGET', actorsKey, actor)) then return redis.call('HGET', metaKey, 'status') end
local runStatus = redis.call('HGET', metaKey, 'status')
if runStatus ~= 'running' then
  redis.call('HSET', actorsKey, actor, 'cancelled')
  return runStatus
end
local runId = redis.call('HGET', metaKey, 'runId')
redis.call('HSET', actorsKey, actor, 'failed', actor .. ':end', ARGV[5])
redis.call('HSET', outKey, actor .. ':error', message, actor .. ':errorKind', kind)
redis.call('HSET', metaKey, 'status', 'failed', 'error', message, 'errorKind', kind, 'failedNode', nodeId, 'finishedAt', now)
local event = { type = 'node.failed', runId = runId, ts = now, nodeId = nodeId, error = message, errorKind = kind,
  durationMs = tonumber(ARGV[6]), code = tonumber(ARGV[7]) }
if ARGV[10] ~= '' then event.message = ARGV[10] end
if iteration ~= '' then event.iteration = tonumber(iteration) end
emit(event)
emit({ type = 'run.failed', runId = runId, ts = now, nodeId = nodeId, error = message, errorKind = kind })
touchRun(nil, ARGV[5], true)
flushEvents()
return 'failed'
