--[[
  Start a run: write its meta and frozen plan, then either queue the trigger actor (a re-run's:
  the actor it starts from, `node` or `node#iteration`) or, when the
  starting process ran the trigger already (its executors only shape the input), finish it
  here as finish-1.lua would (its output stored, its routes taken, what became ready queued),
  so the run's first step costs no call of its own, with the steps it ran ahead after the
  trigger (finishSteps). Announces all of it.

  KEYS[1] the run's meta hash
  ARGV[1] run id; ARGV[2] trigger node id; ARGV[3] now (ms); ARGV[4] retention (s);
  ARGV[5] live channel; ARGV[6] the trigger's output (JSON text), or '' to queue the trigger;
  ARGV[7] when the trigger ended (ms), with an output (it started at ARGV[3]); ARGV[8] envelope payload limit
  (bytes); ARGV[9] M, how many meta fields follow; ARGV[10] S, how many steps ran ahead follow
  them; ARGV[11 .. 10 + 2M] meta field, value, …; then the steps, 5 fields each (finishSteps);
  the rest: plan node id, PlanNode JSON text, …

  Returns { 'ok' | 'exists', run status, ready JSON (as finish-1.lua's: the trigger when queued),
  how many steps ran ahead were finished, how many messages breakpoints held }
]]
retentionSeconds = ARGV[4]
liveChannel = ARGV[5]
local nowText = ARGV[3]
if redis.call('EXISTS', metaKey) == 1 then return { 'exists', '', '[]', 0 } end
local metaEnd = 10 + 2 * tonumber(ARGV[9])
local stepsEnd = metaEnd + 5 * tonumber(ARGV[10])
local meta = { unpack(ARGV, 11, metaEnd) }
local hop, debug = '0', false
for at = 1, #meta, 2 do
  if meta[at] == 'hop' then hop = meta[at + 1] end
  if meta[at] == 'debug' then debug = meta[at + 1] end
end
for _, value in ipairs({ 'status', 'running', 'active', '1', 'startedAt', nowText }) do meta[#meta + 1] = value end
hsetPairs(metaKey, meta, 1, #meta)
hsetPairs(planKey, ARGV, stepsEnd + 1, #ARGV)
-- the finishes below read the plan from here
for at = stepsEnd + 1, #ARGV, 2 do planTexts[ARGV[at]] = ARGV[at + 1] end
local trigger, output = ARGV[2], ARGV[6]
local runJson = quote(ARGV[1])
local triggerJson = quote(trigger)
-- a re-run from inside a loop body queues an iteration's actor (`node#i`)
local queuedNode, queuedIteration = string.match(trigger, '^(.-)#(%d+)$')
emitJson('{"type":"run.started","runId":' .. runJson .. ',"ts":' .. nowText .. '}')
emitJson(nodeEvent('node.queued', runJson, nowText, queuedNode and quote(queuedNode) or triggerJson) .. iterationField(queuedIteration or '') .. '}')
if output ~= '' then
  local duration = intText(math.max(0, tonumber(ARGV[7]) - tonumber(nowText)))
  -- finish's events follow these in the same entry of the events stream; it renews every key's
  -- TTL. It reads nothing back: the run is running, at meta's hop, never renewed; the trigger queued
  return finishSteps({ trigger, trigger, '', 'completed', output, '', ARGV[7], duration, '200', 'route', '{}',
    retentionSeconds, liveChannel, ARGV[8], nowText }, { unpack(ARGV, metaEnd + 1, stepsEnd) }, 1, { ARGV[1], 'running', hop, false, debug })
end
redis.call('HSET', actorsKey, trigger, 'queued')
for _, key in ipairs({ metaKey, planKey, actorsKey, eventsKey }) do touch(key) end
flushEvents()
return { 'ok', 'running', '[' .. triggerJson .. ']', 0, 0 }
