-- Every key of a run shares the prefix of its meta key ("<prefix>{run:<id>}:"), so one
-- hash slot holds them all and the functions work unchanged on Redis Cluster. useRun sets the
-- names for a call from the meta key it was given.
local base, metaKey, planKey, outKey, actorsKey, eventsKey
local function useRun(meta)
  base = string.sub(meta, 1, -5)
  metaKey = meta
  planKey = base .. 'plan'
  outKey = base .. 'out'
  actorsKey = base .. 'actors'
  eventsKey = base .. 'events'
end
