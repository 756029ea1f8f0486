--[[
  Replace a stored credential with the same credential re-encrypted under the new server
  secret — only if it is still exactly what the rotation read, so a save that came in between
  is never overwritten (the rotation reads it again).

  KEYS[1] the credential ({prefix}credential:{projectId}:{id}, a JSON string)
  ARGV[1] the stored JSON the new one was made from
  ARGV[2] the new JSON

  Returns 'ok', 'stale' (changed meanwhile) or 'missing' (deleted meanwhile)
]]
local stored = redis.call('GET', KEYS[1])
if not stored then return 'missing' end
if stored ~= ARGV[1] then return 'stale' end
redis.call('SET', KEYS[1], ARGV[2])
return 'ok'
