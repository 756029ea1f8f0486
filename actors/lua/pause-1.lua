--[[
  Pause a test run at a held message whose breakpoint's condition held (actors/breakpoints.ts):
  the message's state goes from 'check' to 'paused'; the run shows the first message paused
  (meta's `paused`: {edgeId, source, target, iteration?, message, since}) and run.paused is
  announced. A message already settled, or a run no longer running, changes nothing.

  KEYS[1] the run's meta hash
  ARGV[1] the held message's id (`<source actor>><edgeId>`), ARGV[2] now (ms), ARGV[3] the
  flow's live channel, ARGV[4] retention (s)

  Returns 'paused', or 'none' (no such message waiting for its check), or the run's status.
]]
local id, now = ARGV[1], ARGV[2]
liveChannel = ARGV[3]
retentionSeconds = ARGV[4]
local run = redis.call('HMGET', metaKey, 'runId', 'status', 'paused')
if run[2] ~= 'running' then return run[2] or 'missing' end
local heldKey = base .. 'held'
local text = redis.call('HGET', heldKey, id)
if not text then return 'none' end
local entry = cjson.decode(text)
if entry.state ~= 'check' then return 'none' end
entry.state = 'paused'
redis.call('HSET', heldKey, id, cjson.encode(entry))
local payload = redis.call('HGET', heldKey, id .. ':payload')
local where = ',"edgeId":' .. quote(entry.edgeId) .. ',"source":' .. quote(entry.source) .. ',"nodeId":' .. quote(entry.target)
  .. iterationField(entry.iteration) .. ',"message":' .. payload
if not run[3] then
  redis.call('HSET', metaKey, 'paused', '{"id":' .. quote(id) .. where .. ',"since":' .. now .. '}')
end
emitJson('{"type":"run.paused","runId":' .. quote(run[1]) .. ',"ts":' .. now .. where .. '}')
flushEvents()
return 'paused'
