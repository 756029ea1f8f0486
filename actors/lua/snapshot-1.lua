--[[
  Read a run for its snapshot (actors/run-reader.ts): its meta, actors and outputs hashes in one
  call instead of three HGETALLs (the log record of every production call reads one). Writes
  nothing.

  KEYS[1] the run's meta hash
  Returns {meta field, value, …}, {actors field, value, …}, {outputs field, value, …}
]]
return { redis.call('HGETALL', metaKey), redis.call('HGETALL', actorsKey), redis.call('HGETALL', outKey) }
