--[[
  Count production requests of a project one after the other, each unless it would pass the
  plan's limits, in one step: two requests at the boundary can never both pass. The request that
  reaches a limit passes; the next one is refused and not counted.

  KEYS[1..30] the project's per-day request counters ({prefix}{usage:<projectId>}:requests:<day>),
              KEYS[1] today's, then the 29 days before it
  ARGV[1] the most requests over the 30 days (-1: unlimited)
  ARGV[2] the most requests in one day (-1: unlimited)
  ARGV[3] unix seconds at which today's counter expires (when it leaves the 30-day window)
  ARGV[4] how many requests

  Returns, for each request in turn, {'ok' | 'daily' | 'total', today's count, the 30-day count}
  (after counting it when 'ok')
]]
local counts = redis.call('MGET', unpack(KEYS))
local today = tonumber(counts[1] or '0')
local total = 0
for i = 1, #counts do total = total + tonumber(counts[i] or '0') end
local maxTotal = tonumber(ARGV[1])
local maxDaily = tonumber(ARGV[2])
local outcomes = {}
local counted = 0
for i = 1, tonumber(ARGV[4]) do
  if maxDaily >= 0 and today + 1 > maxDaily then
    outcomes[i] = {'daily', today, total}
  elseif maxTotal >= 0 and total + 1 > maxTotal then
    outcomes[i] = {'total', today, total}
  else
    today = today + 1
    total = total + 1
    counted = counted + 1
    outcomes[i] = {'ok', today, total}
  end
end
if counted > 0 then
  redis.call('INCRBY', KEYS[1], counted)
  redis.call('EXPIREAT', KEYS[1], ARGV[3])
end
return outcomes
