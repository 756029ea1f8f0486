--[[
  Record when an API key was last used — only while it still exists, so a use that races a
  revoke can never bring the revoked key back.

  KEYS[1] the project's keys ({prefix}project:{projectId}:apikeys, hash id → JSON)
  ARGV[1] the key id
  ARGV[2] the key's JSON with the new lastUsedAt

  Returns 1 when written, 0 when the key is gone
]]
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1
