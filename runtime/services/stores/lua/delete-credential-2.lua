--[[
  Delete a credential and its entry in the project's name index, in one step.

  KEYS[1] the project's name index ({prefix}project:{projectId}:credentials, hash name → id)
  KEYS[2] the credential ({prefix}credential:{id}, a JSON string)
  ARGV[1] the credential id
  ARGV[2] the project id it must belong to

  Returns 1 when deleted, 0 when there was no such credential in that project
]]
local stored = redis.call('GET', KEYS[2])
if not stored then return 0 end
local record = cjson.decode(stored)
if record.project_id ~= ARGV[2] then return 0 end
if redis.call('HGET', KEYS[1], record.name) == ARGV[1] then redis.call('HDEL', KEYS[1], record.name) end
redis.call('DEL', KEYS[2])
return 1
