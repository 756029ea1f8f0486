--[[
  Adjust a project's record count (totalObjectCount) by records added minus duplicates
  deleted, refusing a growth past the plan's record limit in the same step (so two writers at
  the boundary can never both pass). The count never goes below 0.

  KEYS[1] the project's record counter ({prefix}{usage:<projectId>}:records)
  ARGV[1] records added
  ARGV[2] duplicates deleted
  ARGV[3] the most records (-1: unlimited)

  Returns {'ok' | 'over', the count after (or, when 'over', the unchanged count)}
]]
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local net = tonumber(ARGV[1]) - tonumber(ARGV[2])
local max = tonumber(ARGV[3])
if max >= 0 and net > 0 and current + net > max then return {'over', current} end
local after = current + net
if after < 0 then after = 0 end
redis.call('SET', KEYS[1], after)
return {'ok', after}
