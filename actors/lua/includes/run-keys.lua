-- Every key of a run shares the prefix of its meta key ("<prefix>{run:<id>}:"), so one
-- hash slot holds them all and the scripts work unchanged on Redis Cluster.
local base = string.sub(KEYS[1], 1, -5)
local metaKey = KEYS[1]
local planKey = base .. 'plan'
local outKey = base .. 'out'
local stateKey = base .. 'state'
local eventsKey = base .. 'events'
local nextKey = base .. 'next'
local timesKey = base .. 'times'
