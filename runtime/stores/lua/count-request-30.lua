--[[
  Count one production request of a project, unless it would pass the plan's limits, in one
  step: two requests at the boundary can never both pass. The request that reaches a limit
  passes; the next one is refused and not counted.

  KEYS[1..30] the project's per-day request counters ({prefix}{usage:<projectId>}:requests:<day>),
              KEYS[1] today's, then the 29 days before it
  ARGV[1] the most requests over the 30 days (-1: unlimited)
  ARGV[2] the most requests in one day (-1: unlimited)
  ARGV[3] unix seconds at which today's counter expires (when it leaves the 30-day window)

  Returns {'ok' | 'daily' | 'total', today's count, the 30-day count} (after counting when 'ok')
]]
local counts = redis.call('MGET', unpack(KEYS))
local today = tonumber(counts[1] or '0')
local total = 0
for i = 1, #counts do total = total + tonumber(counts[i] or '0') end
local maxTotal = tonumber(ARGV[1])
local maxDaily = tonumber(ARGV[2])
if maxDaily >= 0 and today + 1 > maxDaily then return {'daily', today, total} end
if maxTotal >= 0 and total + 1 > maxTotal then return {'total', today, total} end
redis.call('INCR', KEYS[1])
redis.call('EXPIREAT', KEYS[1], ARGV[3])
return {'ok', today + 1, total + 1}
