/**
 * @module scripts/chaos/side-effects — what the receiver's calls say about side effects. Calls
 * are grouped by the harness's call number (carried in the body, independent of weft): a
 * group's first call is the effect; a later call with a key the group already sent is a repeat
 * the receiver recognises (and can drop); a later call without a key or with a key new to the
 * group is a duplicate it cannot recognise — the figure that must be 0.
 */

export interface ReceivedCall {
  /** the harness's call number from the request body; undefined when the body had none */
  call?: string;
  /** the Idempotency-Key header; undefined when absent */
  key?: string;
  at: number;
}

export interface SideEffects {
  /** calls the receiver got */
  calls: number;
  /** distinct harness calls that reached the receiver */
  effects: number;
  /** harness calls the receiver got more than once */
  repeatedCalls: number;
  /** calls without an Idempotency-Key */
  withoutKey: number;
  /** later calls with a key the receiver had seen for that call: recognisable, can be dropped */
  recognisedRepeats: number;
  /** later calls without a key or with a fresh key (and calls that name no harness call) */
  unrecognisedDuplicates: number;
}

export function countSideEffects(calls: readonly ReceivedCall[]): SideEffects {
  const keysOf = new Map<string, Set<string>>();
  let recognisedRepeats = 0;
  let unrecognisedDuplicates = 0;
  for (const { call, key } of calls) {
    if (call === undefined) {
      unrecognisedDuplicates++;
      continue;
    }
    const keys = keysOf.get(call);
    if (!keys) {
      keysOf.set(call, new Set(key ? [key] : []));
      continue;
    }
    if (key && keys.has(key)) recognisedRepeats++;
    else {
      unrecognisedDuplicates++;
      if (key) keys.add(key);
    }
  }
  return {
    calls: calls.length,
    effects: keysOf.size,
    repeatedCalls: [...callCounts(calls).values()].filter((n) => n > 1).length,
    withoutKey: calls.filter((c) => !c.key).length,
    recognisedRepeats,
    unrecognisedDuplicates,
  };
}

function callCounts(calls: readonly ReceivedCall[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { call } of calls) if (call !== undefined) counts.set(call, (counts.get(call) ?? 0) + 1);
  return counts;
}
