/**
 * @module scripts/chaos/probe — a studio user's reads during the overload scenario, from a process
 * of its own (the load generator's busy event loop would add its own delay to every reading):
 * each of PROBE_PATHS in turn, one request at a time, every PROBE_EVERY_MS for PROBE_FOR_MS,
 * against PROBE_BASE with the PROBE_HEADERS (JSON: the session); prints one JSON line
 * `{path: [ms, …]}` (a failed read counts as -1).
 */
export {};

const base = process.env.PROBE_BASE!;
const headers = JSON.parse(process.env.PROBE_HEADERS ?? '{}') as Record<string, string>;
const paths = (process.env.PROBE_PATHS ?? '/api/health').split(',');
// often enough that a p99 is not just the slowest read or two
const every = Number(process.env.PROBE_EVERY_MS ?? 20);
const until = Date.now() + Number(process.env.PROBE_FOR_MS ?? 5000);
const times: Record<string, number[]> = Object.fromEntries(paths.map((p) => [p, []]));

while (Date.now() < until) {
  for (const path of paths) {
    const sent = performance.now();
    try {
      const response = await fetch(`${base}${path}`, { headers, signal: AbortSignal.timeout(5000) });
      await response.arrayBuffer();
      times[path].push(response.ok ? performance.now() - sent : -1);
    } catch {
      times[path].push(-1);
    }
  }
  await new Promise((ok) => setTimeout(ok, every));
}
console.log(JSON.stringify(times));
