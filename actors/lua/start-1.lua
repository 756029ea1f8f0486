--[[
  Start a run: write its meta and frozen plan, queue the trigger actor, announce both.

  KEYS[1] the run's meta hash
  ARGV[1] meta, JSON object of strings; ARGV[2] plan nodes, JSON object id → PlanNode JSON text;
  ARGV[3] trigger node id; ARGV[4] now (ms); ARGV[5] retention (s); ARGV[6] live channel
]]
--@include run-keys
--@include emit

retentionSeconds = tonumber(ARGV[5])
liveChannel = ARGV[6]
local now = tonumber(ARGV[4])
if redis.call('EXISTS', metaKey) == 1 then return 'exists' end
local meta = cjson.decode(ARGV[1])
for field, value in pairs(meta) do redis.call('HSET', metaKey, field, value) end
redis.call('HSET', metaKey, 'status', 'running', 'active', 1, 'startedAt', now)
for id, node in pairs(cjson.decode(ARGV[2])) do redis.call('HSET', planKey, id, node) end
local trigger = ARGV[3]
redis.call('HSET', stateKey, trigger, 'queued')
emit({ type = 'run.started', runId = meta.runId, ts = now })
emit({ type = 'node.queued', runId = meta.runId, ts = now, nodeId = trigger })
for _, key in ipairs({ metaKey, planKey, stateKey, eventsKey }) do touch(key) end
flushLive()
return 'ok'
