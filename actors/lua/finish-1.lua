--[[
  Finish an actor: store its output, route one message along every outgoing route (data on the
  chosen ones, skip on the others), run the join of every target, queue the targets that became
  ready, skip (inline, transitively) the ones whose messages were all skips, update the run's
  active count and complete the run when nothing is left. All in one step, so a crash between
  "output stored" and "messages routed" cannot happen; a second call for the same actor
  changes nothing and answers what the first one queued.

  KEYS[1] the run's meta hash (the other run keys are derived from its prefix)
  ARGV[1] actor key ("node" or "node#iteration")
  ARGV[2] node id
  ARGV[3] iteration ('' outside loops)
  ARGV[4] 'completed' | 'skipped'
  ARGV[5] output, JSON text
  ARGV[6] chosen handles, JSON array, or '' for all (router nodes choose)
  ARGV[7] now (ms)
  ARGV[8] duration (ms)
  ARGV[9] status code (200, or 204 after a retry)
  ARGV[10] mode: 'route' | 'loopStart' | 'loopNext' | 'stop'
  ARGV[11] mode data, JSON: loopStart {count, waitMs, loopEnd, decide?}; loopNext {node, iteration, delayMs,
           body?, bodyOutput?} (a deciding loop that ends: each body node completes with bodyOutput)
  ARGV[12] retention (s)
  ARGV[13] the flow's live channel
  ARGV[14] envelope payload limit (bytes): larger outputs are referenced, not copied
  ARGV[15] start (ms) when begin was skipped (a fresh first attempt: the actor is still
           'queued'), else '': finish then records the start and emits node.started itself
  ARGV[16 ..] the steps its process ran ahead, 5 fields each (finishSteps, includes/finish.lua)

  Returns { 'ok' | 'dup' | 'stopped', run status, ready JSON: an array of actor keys, an actor
  with a delay as {actor, node, iteration, delayMs} (runs finished before 2026-11-28 stored
  every entry so), how many steps ran ahead were finished, how many messages breakpoints held
  (docs/debugging.md) } (the last finish's)
]]
return finishSteps(ARGV, ARGV, 16)
