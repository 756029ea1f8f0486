-- Routing, join and transitive skip. Needs run-keys, emit and writes.
local maxHop = 100
local depthError = 'Maximum flow execution depth exceeded (limit: 100)'
-- the run id, as text and as a JSON string, the time (ms) as decimal text, the envelope
-- payload limit, the plan nodes read so far, the plan's texts when the call has them (a start:
-- no HGET) and the hop each actor the call made ready got (queueActor): set for each call
local runId, runJson, nowText, payloadLimit, planCache, planTexts, readyHops
-- breakpoints (docs/debugging.md): whether the run is a test run with breakpoints (meta's
-- `debug`), its `bp` hash once read (edge id → condition, '*' → hold the next message on any
-- edge: a step), and how many messages this call held instead of delivering them
local debugRun, breakpoints, holdsMade
local function resetRoute()
  runId, runJson, nowText = false, false, false
  payloadLimit = 2048
  planCache, planTexts, readyHops = {}, {}, {}
  debugRun, breakpoints, holdsMade = false, false, 0
end
-- Plan nodes decoded, by their JSON text: every run of a flow version freezes the same texts,
-- so a finish decodes a node once per text, not once per run. Kept across calls (the library's
-- state lives as long as it is loaded), emptied at 2000 texts. Decoding also writes the JSON
-- of every route's constant parts into the route (`edgeJson`, `targetJson`, `ends`: its
-- envelope's from and to), so messages are built without encoding them again; nothing
-- changes a node after that.
local decoded, decodedCount = {}, 0
local function decodeNode(text)
  local node = cjson.decode(text)
  for _, route in ipairs(node.outbound) do
    route.edgeJson, route.targetJson = quote(route.edgeId), quote(route.target)
    route.ends = ',"from":{"nodeId":' .. quote(route.source) .. ',"port":' .. quote(route.sourceHandle)
      .. '},"to":{"nodeId":' .. route.targetJson .. ',"port":' .. quote(route.targetHandle) .. '}'
  end
  return node
end

local function planNode(id)
  local node = planCache[id]
  if node then return node end
  local text = planTexts[id] or redis.call('HGET', planKey, id)
  node = decoded[text]
  if not node then
    if decodedCount >= 2000 then decoded, decodedCount = {}, 0 end
    node = decodeNode(text)
    decoded[text], decodedCount = node, decodedCount + 1
  end
  planCache[id] = node
  return node
end

-- What a route's target is, as the run's frozen plan says: its inbound edge count, role and
-- whether it is disabled, written into the route when the run started (a run started before
-- that reads the target).
local function targetOf(route)
  if route.need then return route.need, route.targetRole, route.targetDisabled == true end
  local target = planNode(route.target)
  return #target.inbound, target.role, target.disabled == true
end

-- Mark an actor ready: queued, counted as active, announced, handed back to be enqueued.
-- `hop` (the largest hop of its messages; nil for loop steps) is kept as actors[<actor>:hop]
-- for its finish. `ready` collects JSON texts: the actor's key as a string, or, with a delay,
-- {actor, node, iteration, delayMs} (the form every entry had before; both are read).
-- `nodeJson`: the node id as JSON, when the caller has it.
local function queueActor(nodeId, iteration, delayMs, ready, hop, nodeJson)
  local actor = actorKey(nodeId, iteration)
  setState(actor, 'queued')
  if hop then
    hold(actorsKey, actor .. ':hop', intText(hop))
    readyHops[actor] = hop
  end
  nodeJson = nodeJson or quote(nodeId)
  local iterationJson = iterationField(iteration)
  emitJson(nodeEvent('node.queued', runJson, nowText, nodeJson) .. iterationJson .. '}')
  if delayMs == 0 then
    ready[#ready + 1] = iteration == '' and nodeJson or quote(actor)
  else
    ready[#ready + 1] = '{"actor":' .. quote(actor) .. ',"node":' .. nodeJson .. ',"iteration":' .. quote(iteration)
      .. ',"delayMs":' .. delayMs .. '}'
  end
end

local skipped = '"Skipped the node execution"'
local disabledSkip = '"Skipped: the node is disabled"'

-- Mark an actor skipped without running it (`reason`, JSON text, defaults to `skipped`);
-- returns true when it was not finished before.
local function skipActor(nodeId, iteration, reason)
  local actor = actorKey(nodeId, iteration)
  if isTerminal(stateOf(actor)) then return false end
  reason = reason or skipped
  setState(actor, 'skipped')
  hold(outKey, actor, reason)
  emitJson(nodeEvent('node.skipped', runJson, nowText, quote(nodeId)) .. ',"message":' .. reason .. iterationField(iteration) .. '}')
  return true
end

-- A join's outcome once every inbound edge has a field: whether any message carried data and
-- the largest hop received. Fields starting with '_' are a join begun in an older format
-- (counters beside the edges; its edges hold only the kind, its largest hop is in _hop).
-- Returns nil when fewer than `need` edges have sent.
local function joinOutcome(joinKey, need)
  local fields = redis.call('HGETALL', joinKey)
  local received, data, hop = 0, false, 0
  for i = 1, #fields, 2 do
    local value = fields[i + 1]
    if string.sub(fields[i], 1, 1) == '_' then
      if fields[i] == '_hop' then hop = math.max(hop, tonumber(value)) end
    else
      received = received + 1
      if string.sub(value, 1, 4) == 'data' then data = true end
      local edgeHop = tonumber(string.match(value, ':(%d+)$'))
      if edgeHop then hop = math.max(hop, edgeHop) end
    end
  end
  if received < need then return nil end
  return data, hop
end

-- Deliver one message: mailbox append + join bookkeeping + duplicate suppression.
-- Returns (nil or 'data' / 'skip' when the target became ready, the target actor, the hop
-- it became ready with). A target with ONE inbound edge keeps no join: its one message makes
-- it ready, and that message is sent once (a source actor finishes or is skipped once: finish
-- and skipActor refuse a finished actor). Otherwise the join hash holds one field per inbound
-- edge, '<kind>:<hop>' (HSETNX: a second message on an edge is a duplicate and changes
-- nothing); the message that fills the last edge reads them all once.
-- The breakpoint a data message on `edgeId` stops at: its condition ('' for none), or nil.
-- A step's '*' holds the next message on any edge, once.
local function breakpointAt(edgeId)
  if not breakpoints then
    breakpoints = {}
    local fields = redis.call('HGETALL', base .. 'bp')
    for i = 1, #fields, 2 do breakpoints[fields[i]] = fields[i + 1] end
  end
  local condition = breakpoints[edgeId]
  if condition then return condition end
  if breakpoints['*'] then
    breakpoints['*'] = nil
    redis.call('HDEL', base .. 'bp', '*')
    return ''
  end
  return nil
end

-- Hold a data message instead of delivering it (a breakpoint): the `held` hash keeps it as
-- `<msgId>` (what it is, JSON; state 'check' until its condition was looked at) and
-- `<msgId>:payload` (the message, JSON text). actors/breakpoints.ts settles it.
local function holdMessage(route, fromActor, iteration, payload, hop, condition)
  local heldKey = base .. 'held'
  local id = fromActor .. '>' .. route.edgeId
  local entry = '{"id":' .. quote(id) .. ',"edgeId":' .. route.edgeJson .. ',"source":' .. quote(route.source)
    .. ',"target":' .. route.targetJson .. ',"iteration":' .. quote(iteration) .. ',"fromActor":' .. quote(fromActor)
    .. ',"hop":' .. intText(hop) .. ',"at":' .. nowText .. ',"condition":' .. quote(condition) .. ',"state":"check"}'
  redis.call('HSET', heldKey, id, entry, id .. ':payload', payload)
  touch(heldKey)
  holdsMade = holdsMade + 1
end

local function deliver(route, need, fromActor, iteration, kind, payload, hop, release)
  if debugRun and kind == 'data' and not release then
    local condition = breakpointAt(route.edgeId)
    if condition then
      holdMessage(route, fromActor, iteration, payload, hop, condition)
      return 'held'
    end
  end
  local target = actorKey(route.target, iteration)
  local msgHop = hop + 1
  local hopText = intText(msgHop)
  local joinKey = base .. 'join:' .. target
  local became, fresh = kind, true
  if need > 1 then
    if redis.call('HSETNX', joinKey, route.edgeId, kind .. ':' .. hopText) == 0 then return nil, target end
    local received = redis.call('HLEN', joinKey)
    fresh = received == 1
    if fresh then touch(joinKey) end
    if received < need then
      became = nil
    else
      local data, joinHop = joinOutcome(joinKey, need)
      if data == nil then
        became = nil
      else
        became, msgHop = data and 'data' or 'skip', joinHop
      end
    end
  end
  local edgeJson, targetJson = route.edgeJson, route.targetJson
  local iterationJson = iterationField(iteration)
  local envelope = '{"msgId":' .. quote(fromActor .. '>' .. route.edgeId) .. ',"runId":' .. runJson .. route.ends
    .. ',"kind":"' .. kind .. '","hop":' .. hopText .. ',"edgeId":' .. edgeJson .. iterationJson
  if kind ~= 'data' then
    envelope = envelope .. '}'
  elseif #payload <= payloadLimit then
    envelope = envelope .. ',"payload":' .. payload .. '}'
  else
    envelope = envelope .. ',"payload":{"ref":' .. quote(fromActor) .. ',"bytes":' .. #payload .. '}}'
  end
  local mailbox = base .. 'mbx:' .. target
  redis.call('XADD', mailbox, '*', 'm', envelope)
  -- a mailbox and a join live `retention` from their first message (XADD keeps a key's TTL)
  if fresh then touch(mailbox) end
  emitJson('{"type":"edge.message","runId":' .. runJson .. ',"ts":' .. nowText .. ',"edgeId":' .. edgeJson
    .. ',"kind":"' .. kind .. '","nodeId":' .. targetJson .. iterationJson .. '}')
  return became, target, msgHop
end

-- Take one route of a work item (a finished or skipped actor: node id, iteration, actor, all
-- skip, chosen handles, output, hop) and queue what follows: the target made ready, or skipped
-- with its skips sent on (added to `work`). `release`: a held message delivered (never held
-- again). Returns an error text when the depth limit is passed, else nil.
local function takeRoute(route, item, ready, work, release)
  local kind = 'data'
  if item[4] or (item[5] and not item[5][route.sourceHandle]) then kind = 'skip' end
  local need, role, disabled = targetOf(route)
  local became, target, readyHop = deliver(route, need, item[3], item[2], kind, item[6], item[7], release)
  if became == 'held' then return nil end
  if became then
    if item[7] + 1 > maxHop and became == 'data' and not disabled then return depthError end
    if (became == 'data' and not disabled) or (role == 'loopEnd' and item[2] ~= '') then
      queueActor(route.target, item[2], 0, ready, readyHop, route.targetJson)
    -- a disabled node is skipped however its messages came, as an untaken branch is
    elseif skipActor(route.target, item[2], disabled and disabledSkip or nil) then
      if role == 'loopStart' then
        -- a skipped loop never iterates: its loop end is skipped with it
        local loopEnd = planNode(route.target).loopEnd
        skipActor(loopEnd, '')
        work[#work + 1] = { loopEnd, '', loopEnd, true, false, skipped, item[7] + 1 }
      else
        work[#work + 1] = { route.target, item[2], target, true, false, skipped, item[7] + 1 }
      end
    end
  end
  return nil
end

-- Route every item of `work` from `at` on, breadth first, skipping transitively. Returns an
-- error text when the depth limit is passed, else nil.
local function routeWork(work, at, ready)
  while at <= #work do
    local item = work[at]
    at = at + 1
    for _, route in ipairs(planNode(item[1]).outbound) do
      local failure = takeRoute(route, item, ready, work)
      if failure then return failure end
    end
  end
  return nil
end

-- Route from a finished actor. Returns an error text when the depth limit is passed, else nil.
local function routeFrom(nodeId, iteration, actor, allSkip, chosen, output, hop, ready)
  return routeWork({ { nodeId, iteration, actor, allSkip, chosen, output, hop } }, 1, ready)
end
