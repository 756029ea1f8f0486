--[[
  Start a run: write its meta and frozen plan, queue the trigger actor, announce both.

  KEYS[1] the run's meta hash
  ARGV[1] meta, JSON object of strings; ARGV[2] plan nodes, JSON object id → PlanNode JSON text;
  ARGV[3] trigger node id; ARGV[4] now (ms); ARGV[5] retention (s); ARGV[6] live channel
]]

retentionSeconds = tonumber(ARGV[5])
liveChannel = ARGV[6]
local now = tonumber(ARGV[4])
if redis.call('EXISTS', metaKey) == 1 then return 'exists' end
-- field/value pairs written with one HSET per 200 pairs (unpack's stack stays small)
local function hsetAll(key, fields)
  local args = {}
  for field, value in pairs(fields) do
    args[#args + 1] = field
    args[#args + 1] = value
    if #args == 400 then
      redis.call('HSET', key, unpack(args))
      args = {}
    end
  end
  if #args > 0 then redis.call('HSET', key, unpack(args)) end
end
local meta = cjson.decode(ARGV[1])
meta.status, meta.active, meta.startedAt = 'running', 1, now
hsetAll(metaKey, meta)
hsetAll(planKey, cjson.decode(ARGV[2]))
local trigger = ARGV[3]
redis.call('HSET', stateKey, trigger, 'queued')
emit({ type = 'run.started', runId = meta.runId, ts = now })
emit({ type = 'node.queued', runId = meta.runId, ts = now, nodeId = trigger })
for _, key in ipairs({ metaKey, planKey, stateKey, eventsKey }) do touch(key) end
flushEvents()
return 'ok'
