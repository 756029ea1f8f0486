/** @module actors/scripts — loads the Lua scripts of actors/lua with their includes, once. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type Redis from 'ioredis';

const dir = join(import.meta.dirname, 'lua');

function load(name: string): string {
  const text = readFileSync(join(dir, name), 'utf8');
  return text.replace(/^--@include (\S+)$/gm, (_line, include: string) => load(`includes/${include}.lua`));
}

/** Script name → number of keys (from the file name, BullMQ style: `verb-<keys>.lua`). */
const scripts = ['start-1', 'history-1', 'begin-1', 'finish-1', 'fail-1', 'cancel-1'];

export interface ActorCommands {
  weftStart(meta: string, ...args: (string | number)[]): Promise<string>;
  weftHistory(history: string, ...args: (string | number)[]): Promise<number>;
  weftBegin(meta: string, ...args: (string | number)[]): Promise<[string, string?]>;
  weftFinish(meta: string, ...args: (string | number)[]): Promise<[string, string, string]>;
  weftFail(meta: string, ...args: (string | number)[]): Promise<string>;
  weftCancel(meta: string, ...args: (string | number)[]): Promise<string>;
}

const sources = new Map(scripts.map((file) => [file, load(`${file}.lua`)]));

/** Define the actor commands on a connection (idempotent). */
export function withActorCommands(redis: Redis): Redis & ActorCommands {
  const target = redis as Redis & ActorCommands & { weftStart?: unknown };
  if (!target.weftStart) {
    for (const [file, lua] of sources) {
      const [verb, keys] = file.split('-');
      const name = `weft${verb[0].toUpperCase()}${verb.slice(1)}`;
      redis.defineCommand(name, { numberOfKeys: Number(keys), lua });
    }
  }
  return target;
}
