/**
 * @module scripts/chaos/burst — the overload scenario's callers, in a process of their own that
 * the scenario starts at a lower CPU priority (nice 10): they stand for callers on other
 * machines, so on this one they should not take the CPU weft needs. Sends BURST_COUNT calls of
 * the chaos flow (BURST_HOOK, BURST_HEADERS as JSON) at BURST_RATE a second, each given up after
 * BURST_TIMEOUT_MS, and prints one JSON line: every answer with the ms it took.
 */
import { callFlow } from './chaos-flow.ts';
import { sleep } from './load.ts';

const flow = { hook: process.env.BURST_HOOK!, headers: JSON.parse(process.env.BURST_HEADERS ?? '{}') as Record<string, string> };
const rate = Number(process.env.BURST_RATE);
const count = Number(process.env.BURST_COUNT);
const timeoutMs = Number(process.env.BURST_TIMEOUT_MS ?? 40_000);

const t0 = Date.now();
const answers = await Promise.all(
  Array.from({ length: count }, async (_, i) => {
    await sleep(t0 + (i * 1000) / rate - Date.now());
    const sent = performance.now();
    const answer = await callFlow(flow, `overload-${i}`, timeoutMs);
    return { ...answer, ms: performance.now() - sent };
  }),
);
console.log(JSON.stringify(answers));
