--[[
  Replace a flow document only if it is still the version the new one was made from, so two
  saves that both read version N can never both win (compare-and-set; no WATCH connection).

  KEYS[1] the flow's key ({prefix}flow:{id}, a JSON string)
  ARGV[1] the version the new document was made from
  ARGV[2] the new document (JSON)

  Returns {'ok' | 'stale' | 'missing', the stored version before this call (0 when missing)}
]]
local stored = redis.call('GET', KEYS[1])
if not stored then return {'missing', 0} end
local version = cjson.decode(stored).version
if tostring(version) ~= ARGV[1] then return {'stale', version} end
redis.call('SET', KEYS[1], ARGV[2])
return {'ok', version}
