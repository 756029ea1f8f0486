/**
 * @module actors/scripts — the actor scripts of actors/lua as ONE Redis function library
 * (Redis 7: FUNCTION LOAD, FCALL). The helpers in lua/includes are defined once when the
 * library loads, not again on every call as with EVAL scripts (3 µs of Redis time a call).
 * The library and its functions are named by a hash of their code, so weft versions sharing a
 * Redis never replace each other's; a Redis without the library (new, flushed, failed over)
 * gets it loaded by the first call that finds it missing.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Redis from 'ioredis';
import type { ChainableCommander } from 'ioredis';
import { masters } from './redis-connection.ts';
import {
  beginArgv, cancelArgv, failArgv, finishArgv, historyArgv, pauseArgv, releaseArgv, startArgv,
  type BeginCall, type CancelCall, type FailCall, type FinishCall, type HistoryCall, type PauseCall, type ReleaseCall, type StartCall,
} from './actor-calls.ts';

const dir = join(import.meta.dirname, 'lua');
const read = (name: string) => readFileSync(join(dir, name), 'utf8');

/** Helpers every function shares, in the order they build on each other. */
const includes = ['run-keys', 'emit', 'writes', 'route', 'finish'].map((name) => read(`includes/${name}.lua`));
/** Script file → whether it works on a run (its one key is the run's meta hash). */
const scripts = { start: true, history: false, begin: true, finish: true, fail: true, cancel: true, snapshot: true, pause: true, release: true };
type Verb = keyof typeof scripts;
/** The verbs that only read. */
const readOnly = new Set<Verb>(['snapshot']);
const bodies = Object.keys(scripts).map((verb) => read(`${verb}-1.lua`));

const version = createHash('sha1').update([...includes, ...bodies].join('\n')).digest('hex').slice(0, 12);

/** The Redis function a verb is called by. */
const functionName = (verb: Verb) => `weft_${verb}_${version}`;

/** The library's name in Redis (FUNCTION LIST). */
export const libraryName = `weft_${version}`;

const library = [
  `#!lua name=${libraryName}`,
  ...includes,
  // a function's calls share the helpers' state: each call starts afresh
  'local function prepare(meta) useRun(meta); resetEvents(); resetWrites(); resetRoute() end',
  ...Object.entries(scripts).map(([verb, onRun], i) =>
    [
      `redis.register_function{function_name='${functionName(verb as Verb)}', callback=function(KEYS, ARGV)`,
      onRun ? '  prepare(KEYS[1])' : '',
      bodies[i],
      // a read is flagged so: Redis serves it as it serves a plain read (under maxmemory, say)
      readOnly.has(verb as Verb) ? "end, flags={'no-writes'}}" : 'end}',
    ].join('\n'),
  ),
].join('\n');

/** Load the library into the Redis behind `redis`, every master of a cluster (idempotent). */
export async function loadActorFunctions(redis: Redis): Promise<void> {
  await Promise.all(masters(redis).map((master) => master.call('FUNCTION', 'LOAD', 'REPLACE', library)));
}

const missing = (error: unknown) => error instanceof Error && error.message.includes('Function not found');

/** Queue a call on a pipeline or MULTI (the library must be loaded: loadActorFunctions); `args` from actor-calls.ts. */
export function queueActorCall(batch: ChainableCommander, verb: Verb, key: string, args: (string | number)[]): void {
  batch.fcall(functionName(verb), 1, key, ...args);
}

/** What start-1.lua and finish-1.lua answer: verdict, run status, ready JSON, steps run ahead that were finished, messages breakpoints held. */
export type Finished = [string, string, string, number, number?];

/**
 * The actor functions over one connection, each taking its arguments named (actors/actor-calls.ts).
 * A call that finds the library missing loads it and tries again.
 */
export class ActorFunctions {
  constructor(private readonly redis: Redis) {}

  /**
   * 'ok' or 'exists', the run's status, what became ready (JSON: the trigger, or what its finish
   * here made ready) and how many of the steps run ahead were finished
   */
  start(meta: string, call: StartCall): Promise<Finished> {
    return this.call('start', meta, startArgv(call)) as Promise<Finished>;
  }

  /** entries of one flow's history */
  history(flowRuns: string, entries: HistoryCall[]): Promise<number> {
    return this.call('history', flowRuns, historyArgv(entries)) as Promise<number>;
  }

  begin(meta: string, call: BeginCall): Promise<[string, string?]> {
    return this.call('begin', meta, beginArgv(call)) as Promise<[string, string?]>;
  }

  /** 'ok', 'dup' or 'stopped', the run's status, what became ready (JSON) and how many of the steps run ahead were finished */
  finish(meta: string, call: FinishCall): Promise<Finished> {
    return this.call('finish', meta, finishArgv(call)) as Promise<Finished>;
  }

  fail(meta: string, call: FailCall): Promise<string> {
    return this.call('fail', meta, failArgv(call)) as Promise<string>;
  }

  cancel(meta: string, call: CancelCall): Promise<string> {
    return this.call('cancel', meta, cancelArgv(call)) as Promise<string>;
  }

  /** 'paused', 'none' (no such message waiting for its check) or the run's status (it does not run) */
  pause(meta: string, call: PauseCall): Promise<string> {
    return this.call('pause', meta, pauseArgv(call)) as Promise<string>;
  }

  /** 'ok', 'none' (no such message in that state) or 'stopped', the run's status, what became ready (JSON) */
  release(meta: string, call: ReleaseCall): Promise<[string, string, string]> {
    return this.call('release', meta, releaseArgv(call)) as Promise<[string, string, string]>;
  }

  /** A run's meta, actors and outputs hashes, each as its HGETALL's flat field, value, … list. */
  snapshot(meta: string): Promise<[string[], string[], string[]]> {
    return this.call('snapshot', meta, []) as Promise<[string[], string[], string[]]>;
  }

  private async call(verb: Verb, key: string, args: (string | number)[]): Promise<unknown> {
    const name = functionName(verb);
    try {
      return await this.redis.fcall(name, 1, key, ...args);
    } catch (error) {
      if (!missing(error)) throw error;
      await loadActorFunctions(this.redis);
      return this.redis.fcall(name, 1, key, ...args);
    }
  }
}
