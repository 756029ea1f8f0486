/**
 * @module scripts/bench/peers/one-call — `npx tsx scripts/bench/peers/one-call.ts`: the Redis
 * commands of ONE webhook call of the peers bench, in order (MONITOR), after 20 warm-up calls:
 * the round trips each part of a call makes. Commands a script or function runs inside Redis
 * are counted under it, not listed.
 */
import Redis from 'ioredis';
import { request } from './job.ts';
import { stopAll } from './processes.ts';
import { startWeftPeer } from './weft.ts';

try {
  const weft = await startWeftPeer();
  const send = () => fetch(weft.hook, { method: 'POST', headers: { 'content-type': 'application/json', ...weft.headers }, body: JSON.stringify(request) }).then((r) => r.text());
  for (let i = 0; i < 20; i++) await send();
  await new Promise((ok) => setTimeout(ok, 1500));
  const lines: string[] = [];
  const client = new Redis(weft.redis.url);
  const monitor = await client.monitor();
  let inside = 0;
  monitor.on('monitor', (_time: string, args: string[], source: string) => {
    if (source === 'lua') return void inside++;
    if (lines.length) lines[lines.length - 1] += inside ? `   (+${inside} inside)` : '';
    inside = 0;
    const shown = args.slice(0, 4).map((a) => (a.length > 50 ? `${a.slice(0, 50)}…` : a));
    lines.push(`${shown.join(' ')}${args.length > 4 ? ` … (${args.length} arguments)` : ''}`);
  });
  await new Promise((ok) => setTimeout(ok, 300));
  const sentAt = Date.now();
  const answer = await send();
  const answeredAfter = Date.now() - sentAt;
  await new Promise((ok) => setTimeout(ok, 1500));
  if (inside) lines[lines.length - 1] += `   (+${inside} inside)`;
  console.log(`${answer} after ${answeredAfter} ms; ${lines.length} commands from weft:\n${lines.map((l, i) => `${String(i + 1).padStart(3)} ${l}`).join('\n')}`);
  monitor.disconnect();
  client.disconnect();
} finally {
  await stopAll();
}
