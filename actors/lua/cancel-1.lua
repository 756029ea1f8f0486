--[[
  Cancel a running run: no further activation starts, every unfinished actor says 'cancelled',
  messages breakpoints held are dropped.

  KEYS[1] the run's meta hash
  ARGV[1] now (ms), ARGV[2] retention (s), ARGV[3] the flow's live channel, ARGV[4] why, or ''
  (kept as meta's `error` and sent with run.cancelled: a pause that timed out)

  Returns the run's status afterwards.
]]

local now = tonumber(ARGV[1])
retentionSeconds = ARGV[2]
liveChannel = ARGV[3]
local runStatus = redis.call('HGET', metaKey, 'status')
if runStatus ~= 'running' then return runStatus or 'missing' end
local runId = redis.call('HGET', metaKey, 'runId')
redis.call('HSET', metaKey, 'status', 'cancelled', 'finishedAt', now)
local reason = ARGV[4] or ''
if reason ~= '' then redis.call('HSET', metaKey, 'error', reason) end
if redis.call('HDEL', metaKey, 'paused', 'debug') > 0 then redis.call('DEL', base .. 'held', base .. 'bp') end
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
if reason ~= '' then
  emit({ type = 'run.cancelled', runId = runId, ts = now, reason = reason })
else
  emit({ type = 'run.cancelled', runId = runId, ts = now })
end
touchRun(nil, ARGV[1], true)
flushEvents()
return 'cancelled'
