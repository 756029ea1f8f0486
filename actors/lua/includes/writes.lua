-- Hash writes held until the call ends and then made with one HSET per hash (a call into
-- Redis from Lua costs about as much as a small command itself). Reads of actors' states go
-- through stateOf, which sees the held writes first. Needs run-keys.
local held, heldStates
local function resetWrites()
  held = { [actorsKey] = {}, [outKey] = {} }
  heldStates = {}
end

local function hold(key, field, value)
  local list = held[key]
  list[#list + 1] = field
  list[#list + 1] = value
end

local function setState(actor, state)
  heldStates[actor] = state
  hold(actorsKey, actor, state)
end

local function stateOf(actor)
  return heldStates[actor] or redis.call('HGET', actorsKey, actor)
end

-- HSET of the field/value pairs list[first .. last], in chunks of 200 pairs (unpack's stack
-- stays small).
local function hsetPairs(key, list, first, last)
  for at = first, last, 400 do
    redis.call('HSET', key, unpack(list, at, math.min(at + 399, last)))
  end
end

-- One HSET per hash.
local function writeHeld()
  for key, list in pairs(held) do hsetPairs(key, list, 1, #list) end
  resetWrites()
end
