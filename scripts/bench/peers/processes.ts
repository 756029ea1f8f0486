/**
 * @module scripts/bench/peers/processes — the peers bench's child processes: each started in its
 * own process group, all stopped together (on exit, Ctrl-C or an error) with whatever else
 * they leave (temp dirs, a Redis), and their RSS.
 */
import { spawn, execFileSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

const started: ChildProcess[] = [];
let tasks: (() => Promise<void> | void)[] = [];

/** Something else {@link stopAll} does after stopping the groups (stop a Redis, delete a temp dir). */
export function atStop(task: () => Promise<void> | void): void {
  tasks.push(task);
}

/** Spawn `command` as the leader of a new process group, stopped by {@link stopAll}. */
export function spawnGroup(command: string, args: string[], options: SpawnOptions): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  started.push(child);
  return child;
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // the group is gone already
  }
}

let stopping: Promise<void> | undefined;

/**
 * SIGTERM every group started here, SIGKILL what is still there after five seconds, then the
 * {@link atStop} tasks. A call while a stop is under way waits for that one.
 */
export function stopAll(): Promise<void> {
  stopping ??= stopNow().finally(() => (stopping = undefined));
  return stopping;
}

async function stopNow(): Promise<void> {
  const live = started.filter(running);
  for (const child of live) signalGroup(child, 'SIGTERM');
  const exited = Promise.all(live.map((child) => new Promise((ok) => (running(child) ? child.once('exit', ok) : ok(null)))));
  await Promise.race([exited, sleep(5000)]);
  for (const child of live.filter(running)) signalGroup(child, 'SIGKILL');
  const due = tasks;
  tasks = [];
  for (const task of due.reverse()) await task();
}

/**
 * Whether the bench was stopped from outside: Ctrl-C, SIGTERM, or its output's reader gone
 * (`| head`: a write then fails with EPIPE). Each stops everything started here and exits,
 * so no Redis is left running.
 */
export let interrupted = false;
const stopFromOutside = (why: string, code: number) => {
  if (!interrupted && code !== 141) console.log(`\n${why}: stopping what the bench started…`);
  interrupted = true;
  void stopAll().then(() => process.exit(code));
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stopFromOutside(signal, 130));
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  stopFromOutside('EPIPE', 141);
});

/** Resident set size of one process in MB (from ps). */
export function rssMb(pid: number | undefined): number {
  if (!pid) return NaN;
  const kb = Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim());
  return kb / 1024;
}

/** Poll `probe` until it resolves true, or throw `what` after `seconds`; a child that exits fails at once. */
export async function waitUntil(what: string, probe: () => Promise<boolean>, child: ChildProcess, seconds = 60): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (!running(child)) throw new Error(`${what}: the process exited (code ${child.exitCode ?? child.signalCode})`);
    if (await probe().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`${what}: no answer within ${seconds} s`);
}
