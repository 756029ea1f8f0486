/**
 * @module scripts/bench/peers/profile — `npx tsx scripts/bench/peers/profile.ts [--seconds 10]
 * [--cpu-prof]`: where a webhook call of the peers bench goes. Starts weft as the peers bench
 * does (own Redis, AOF on, the greet flow, an API key), loads it with the same 32 clients, and
 * prints Redis's commands per request (INFO commandstats: calls and µs of Redis time each) and the
 * CPU per request of Redis and of the weft process. With `--cpu-prof` the weft process writes a
 * V8 CPU profile (into the OS temp dir), summarised as self time per function and per source area.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Redis from 'ioredis';
import { closedLoop } from '../load.ts';
import { fixed, percentile } from '../stats.ts';
import { request, wrongAnswer } from './job.ts';
import { stopAll } from './processes.ts';
import { startWeftPeer } from './weft.ts';
import { summariseProfile } from './profile-summary.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string' }, 'cpu-prof': { type: 'boolean' } } });
const seconds = Number(values.seconds ?? 10);
const profileDir = values['cpu-prof'] ? mkdtempSync(join(tmpdir(), 'weft-profile-')) : undefined;

const commandStats = async (redis: Redis) =>
  [...(await redis.info('commandstats')).matchAll(/cmdstat_(\S+):calls=(\d+),usec=(\d+)/g)].map((m) => ({ command: m[1], calls: Number(m[2]), usec: Number(m[3]) }));
/** the machine's CPU time in clock ticks, all of it and idle (iowait included), from /proc/stat */
const machineCpu = () => {
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return { total: ticks.reduce((a, b) => a + b, 0), idle: ticks[3] + ticks[4] };
};
const redisCpu = async (redis: Redis) => {
  const info = await redis.info('cpu');
  const field = (name: string) => Number(new RegExp(`^${name}:(\\S+)`, 'm').exec(info)?.[1] ?? 0);
  return field('used_cpu_user') + field('used_cpu_sys');
};
/** CPU seconds (user + system) of a process, from /proc */
const processCpu = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

try {
  const weft = await startWeftPeer({ nodeArgs: profileDir ? ['--cpu-prof', '--cpu-prof-dir', profileDir] : [] });
  const target = { url: weft.hook, headers: weft.headers, body: () => request, check: (answer: unknown, _i: number, r: Response) => wrongAnswer(r.status, r.headers.get('content-type'), answer) };
  const redis = new Redis(weft.redis.url);
  await closedLoop(target, 32, { seconds: 2 });
  await redis.config('RESETSTAT');
  const [redisBefore, weftBefore, loaderBefore, machineBefore] = [await redisCpu(redis), processCpu(weft.process.pid!), process.cpuUsage(), machineCpu()];
  const run = await closedLoop(target, 32, { seconds });
  const [redisAfter, weftAfter, loader, machineAfter] = [await redisCpu(redis), processCpu(weft.process.pid!), process.cpuUsage(loaderBefore), machineCpu()];
  const stats = (await commandStats(redis)).filter((s) => !['info', 'config'].includes(s.command));
  redis.disconnect();
  const n = run.requests;
  console.log(`${fixed(n)} requests in ${fixed(run.seconds, 1)} s: ${fixed(n / run.seconds)} req/s, p50 ${fixed(percentile(run.latencies, 50), 1)} ms`);
  const idle = (machineAfter.idle - machineBefore.idle) / (machineAfter.total - machineBefore.total);
  console.log(`CPU per request: weft process ${fixed(((weftAfter - weftBefore) * 1e6) / n)} µs, Redis ${fixed(((redisAfter - redisBefore) * 1e6) / n)} µs, load generator ${fixed((loader.user + loader.system) / n)} µs; the machine ${fixed(idle * 100)} % idle\n`);
  console.log('| Redis command | calls / request | µs / request |\n| --- | ---: | ---: |');
  for (const s of stats.sort((a, b) => b.usec - a.usec)) console.log(`| ${s.command} | ${fixed(s.calls / n, 2)} | ${fixed(s.usec / n, 1)} |`);
  const total = stats.reduce((sum, s) => ({ calls: sum.calls + s.calls, usec: sum.usec + s.usec }), { calls: 0, usec: 0 });
  console.log(`| all | ${fixed(total.calls / n, 2)} | ${fixed(total.usec / n, 1)} |`);
  await stopAll();
  if (profileDir) {
    const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
    if (!file) throw new Error(`no CPU profile in ${profileDir}`);
    console.log(`\nCPU profile ${join(profileDir, file)}:\n${summariseProfile(JSON.parse(readFileSync(join(profileDir, file), 'utf8')))}`);
  }
} finally {
  await stopAll();
}
