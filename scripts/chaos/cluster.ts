/**
 * @module scripts/chaos/cluster — the weft under test: its own Redis from redis.conf (AOF
 * everysec) in a temp dir on a free port (actors/redis-server.ts, as `npm start`, the tests and the
 * bench start it), one server process (WEFT_ROLE=server) and N worker processes
 * (WEFT_ROLE=worker), each `weft-process.ts`. Workers and Redis can be SIGKILLed and started
 * again on the same files; each process's output goes to a log file in the temp dir.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, startRedis, type OwnRedis } from '../../actors/redis-server.ts';

const root = resolve(import.meta.dirname, '../..');
const entry = join(import.meta.dirname, 'weft-process.ts');

export interface ClusterOptions {
  workers: number;
  /** WEFT_OUTBOUND_ALLOW entries (the receiver's host:port) */
  outboundAllow: string[];
  /** more environment for every weft process (a scenario's own retention, limits…) */
  env?: Record<string, string>;
}

interface WeftProcess {
  child: ChildProcess;
  exited: Promise<void>;
}

export class Cluster {
  readonly prefix = 'chaos:';
  serverUrl = '';
  private redis!: OwnRedis;
  private redisPort = 0;
  private server!: WeftProcess;
  private workers: WeftProcess[] = [];
  private started = 0;
  private readonly dir = mkdtempSync(join(tmpdir(), 'weft-chaos-'));
  private readonly secret = randomBytes(32).toString('hex');

  constructor(private readonly options: ClusterOptions) {}

  get redisUrl(): string {
    return this.redis.url;
  }

  get workerCount(): number {
    return this.workers.length;
  }

  async start(): Promise<void> {
    this.redisPort = await freePort();
    this.redis = await startRedis({ dir: join(this.dir, 'redis'), port: this.redisPort });
    const [server, ...workers] = await Promise.all([
      this.spawn('server'),
      ...Array.from({ length: this.options.workers }, () => this.spawn('worker')),
    ]);
    this.server = server.process;
    this.serverUrl = server.url;
    this.workers = workers.map((w) => w.process);
  }

  /** SIGKILL worker `index` and start a new one in its place; resolves when the new one is ready. */
  async killWorker(index: number, downMs = 0): Promise<void> {
    const worker = this.workers[index];
    worker.child.kill('SIGKILL');
    await worker.exited;
    if (downMs) await new Promise((ok) => setTimeout(ok, downMs));
    this.workers[index] = (await this.spawn('worker')).process;
  }

  /** SIGKILL the server process (callers waiting on it see their connections cut). */
  async killServer(): Promise<void> {
    this.server.child.kill('SIGKILL');
    await this.server.exited;
  }

  /** Start a server process again, on the port the first one served (the callers' URL). */
  async restartServer(): Promise<void> {
    this.server = (await this.spawn('server', new URL(this.serverUrl).port)).process;
  }

  /** Resident memory (bytes) of the server process and of each worker process, from /proc. */
  rss(): { server: number; workers: number[] } {
    const of = (p: WeftProcess) => {
      const status = readFileSync(`/proc/${p.child.pid}/status`, 'utf8');
      return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
    };
    return { server: of(this.server), workers: this.workers.map(of) };
  }

  /** Each process's memory after a full garbage collection (SIGUSR2: weft-process.ts). */
  async memoryAfterGc(): Promise<{ server: NodeJS.MemoryUsage; workers: NodeJS.MemoryUsage[] }> {
    const [server, ...workers] = await Promise.all([this.server, ...this.workers].map((p) => askMemory(p.child)));
    return { server, workers };
  }

  /** CPU time (ms, user + system) the server process and the worker processes (together) have used so far, from /proc. */
  cpuMs(): { server: number; workers: number } {
    const of = (p: WeftProcess) => {
      const fields = readFileSync(`/proc/${p.child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in ticks of 10 ms
    };
    return { server: of(this.server), workers: this.workers.reduce((sum, w) => sum + of(w), 0) };
  }

  /** SIGKILL Redis; resolves once a new one serves the same files on the same port and socket. */
  async killRedis(downMs = 0): Promise<void> {
    const exited = new Promise((ok) => this.redis.process.once('exit', ok));
    this.redis.process.kill('SIGKILL');
    await exited;
    if (downMs) await new Promise((ok) => setTimeout(ok, downMs));
    this.redis = await startRedis({ dir: join(this.dir, 'redis'), port: this.redisPort });
  }

  async stop(): Promise<void> {
    const all = [this.server, ...this.workers].filter(Boolean);
    for (const p of all) p.child.kill('SIGTERM');
    const killLate = setTimeout(() => all.forEach((p) => p.child.kill('SIGKILL')), 10_000);
    await Promise.all(all.map((p) => p.exited));
    clearTimeout(killLate);
    await this.redis?.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }

  private spawn(role: 'server' | 'worker', port = '0'): Promise<{ process: WeftProcess; url: string }> {
    const log = createWriteStream(join(this.dir, `${role}-${++this.started}.log`));
    const profile = role === 'server' && process.env.CHAOS_PROFILE_SERVER ? [`--cpu-prof`, `--cpu-prof-dir=${process.env.CHAOS_PROFILE_SERVER}`] : [];
    const child = spawn(process.execPath, [...profile, '--expose-gc', '--import', 'tsx', entry], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        WEFT_ROLE: role,
        REDIS_URL: this.redis.url,
        PORT: port,
        WEFT_PREFIX: this.prefix,
        WEFT_SECRET: this.secret,
        WEFT_DATA_DIR: join(this.dir, 'data'),
        WEFT_OUTBOUND_ALLOW: this.options.outboundAllow.join(','),
        WEFT_STARTER_MAX_REQUESTS: '1000000',
        ...this.options.env,
      },
    });
    child.stderr!.pipe(log);
    const exited = new Promise<void>((ok) => child.once('exit', () => ok()));
    return new Promise((ok, fail) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        log.write(chunk);
        out += chunk.toString();
        const ready = /^ready (\S+)$/m.exec(out);
        if (ready) {
          out = '';
          ok({ process: { child, exited }, url: ready[1] });
        }
      });
      void exited.then(() => fail(new Error(`the ${role} process exited before it was ready (log: ${log.path})`)));
    });
  }
}

/** Send SIGUSR2 and read the `memory <JSON>` line the process answers with. */
function askMemory(child: ChildProcess): Promise<NodeJS.MemoryUsage> {
  return new Promise((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => done(new Error('no memory line within 10 s')), 10_000);
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const line = /^memory (\{.*\})$/m.exec(out);
      if (line) done(null, JSON.parse(line[1]) as NodeJS.MemoryUsage);
    };
    const done = (error: Error | null, usage?: NodeJS.MemoryUsage) => {
      clearTimeout(timer);
      child.stdout!.off('data', read);
      if (error) fail(error);
      else ok(usage!);
    };
    child.stdout!.on('data', read);
    child.kill('SIGUSR2');
  });
}
