--[[
  Create or replace a credential, keeping names unique within its project. Replacing is a
  compare-and-set on the stored JSON the new one was made from, so two concurrent saves (or a
  save and the secret rotation) can never both win and silently drop the other's change.

  KEYS[1] the project's name index ({prefix}project:{projectId}:credentials, hash name → id)
  KEYS[2] the credential ({prefix}credential:{id}, a JSON string)
  ARGV[1] the stored JSON this save was made from; '' creates (the key must not exist)
  ARGV[2] the new JSON
  ARGV[3] the name it had ('' when creating)
  ARGV[4] the name it gets
  ARGV[5] the credential id

  Returns 'ok', 'stale' (changed since it was read), 'missing' (deleted meanwhile) or
  'exists' (another credential of the project has that name)
]]
local stored = redis.call('GET', KEYS[2])
if ARGV[1] == '' then
  if stored then return 'stale' end
elseif not stored then
  return 'missing'
elseif stored ~= ARGV[1] then
  return 'stale'
end
if ARGV[4] ~= ARGV[3] then
  local holder = redis.call('HGET', KEYS[1], ARGV[4])
  if holder and holder ~= ARGV[5] then return 'exists' end
  if ARGV[3] ~= '' and redis.call('HGET', KEYS[1], ARGV[3]) == ARGV[5] then redis.call('HDEL', KEYS[1], ARGV[3]) end
end
redis.call('HSET', KEYS[1], ARGV[4], ARGV[5])
redis.call('SET', KEYS[2], ARGV[2])
return 'ok'
