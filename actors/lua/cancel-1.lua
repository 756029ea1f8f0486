--[[
  Cancel a running run: no further activation starts, every unfinished actor says 'cancelled'.

  KEYS[1] the run's meta hash
  ARGV[1] now (ms), ARGV[2] retention (s), ARGV[3] the flow's live channel

  Returns the run's status afterwards.
]]

local now = tonumber(ARGV[1])
retentionSeconds = ARGV[2]
liveChannel = ARGV[3]
local runStatus = redis.call('HGET', metaKey, 'status')
if runStatus ~= 'running' then return runStatus or 'missing' end
local runId = redis.call('HGET', metaKey, 'runId')
redis.call('HSET', metaKey, 'status', 'cancelled', 'finishedAt', now)
-- the actors' states: the fields of the actors hash without a ':' (the others are <actor>:start, …)
local states = redis.call('HGETALL', actorsKey)
for i = 1, #states, 2 do
  if not string.find(states[i], ':', 1, true) and not isTerminal(states[i + 1]) then
    redis.call('HSET', actorsKey, states[i], 'cancelled')
    local nodeId = string.match(states[i], '^[^#]+')
    local event = { type = 'node.failed', runId = runId, ts = now, nodeId = nodeId, status = 'cancelled', error = 'cancelled' }
    local iteration = string.match(states[i], '#(%d+)$')
    if iteration then event.iteration = tonumber(iteration) end
    emit(event)
  end
end
emit({ type = 'run.cancelled', runId = runId, ts = now })
touchRun(nil, ARGV[1], true)
flushEvents()
return 'cancelled'
