--[[
  Start a run: write its meta and frozen plan, queue the trigger actor, announce both.

  KEYS[1] the run's meta hash
  ARGV[1] run id; ARGV[2] trigger node id; ARGV[3] now (ms); ARGV[4] retention (s);
  ARGV[5] live channel; ARGV[6] M, how many meta fields follow; ARGV[7 .. 6 + 2M] meta field,
  value, …; the rest: plan node id, PlanNode JSON text, …
]]
retentionSeconds = ARGV[4]
liveChannel = ARGV[5]
local nowText = ARGV[3]
if redis.call('EXISTS', metaKey) == 1 then return 'exists' end
local metaEnd = 6 + 2 * tonumber(ARGV[6])
hsetPairs(metaKey, ARGV, 7, metaEnd)
redis.call('HSET', metaKey, 'status', 'running', 'active', 1, 'startedAt', nowText)
hsetPairs(planKey, ARGV, metaEnd + 1, #ARGV)
local trigger = ARGV[2]
redis.call('HSET', actorsKey, trigger, 'queued')
local runJson = quote(ARGV[1])
emitJson('{"type":"run.started","runId":' .. runJson .. ',"ts":' .. nowText .. '}')
emitJson(nodeEvent('node.queued', runJson, nowText, quote(trigger)) .. '}')
for _, key in ipairs({ metaKey, planKey, actorsKey, eventsKey }) do touch(key) end
flushEvents()
return 'ok'
