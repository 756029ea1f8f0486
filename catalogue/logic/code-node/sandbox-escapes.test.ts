/**
 * The sandbox against the listed escapes of issue #21 that run.test.ts does not already walk
 * (it covers: module loading and `import()`, the Function constructor, data with `__proto__`,
 * infinite and promise loops, memory bombs, deep recursion, cancellation, the host's event
 * loop). Each escape is a test; each must stay inside QuickJS in its worker.
 */
import { describe, expect, it } from 'vitest';
import { runSandboxed } from './sandbox.ts';

const sandboxed = (code: string, timeoutMs = 1_000) => runSandboxed(code, { input: { a: 2 }, outputs: {} }, { timeoutMs });
const HOST_GLOBALS = `[typeof process, typeof require, typeof Buffer, typeof globalThis.process, typeof __dirname]`;

describe('sandbox escapes', () => {
  it('constructor chains end in the sandbox’s own Function', async () => {
    for (const chain of [
      `globalThis.constructor.constructor('return ${HOST_GLOBALS}')()`,
      `(() => {}).constructor('return ${HOST_GLOBALS}')()`,
      `input.constructor.constructor('return ${HOST_GLOBALS}')()`,
      `[].map.constructor('return ${HOST_GLOBALS}')()`,
      `Object.getPrototypeOf(function* () {}).constructor('yield ${HOST_GLOBALS}')().next().value`,
    ]) {
      expect([chain, (await sandboxed(`return ${chain}`)).value]).toEqual([chain, Array(5).fill('undefined')]);
    }
  });

  it('Error.prepareStackTrace and stack tricks reach no host frame', async () => {
    const code = `
      let seen = 'not called';
      Error.prepareStackTrace = (_e, frames) => { seen = typeof frames; return frames; };
      const stack = new Error('x').stack;
      Error.captureStackTrace?.({});
      return [seen, typeof stack, String(stack).includes('node:'), String(stack).includes('sandbox-worker')];`;
    expect((await sandboxed(code)).value).toEqual(['not called', 'string', false, false]);
  });

  it('polluting prototypes inside changes nothing in the host', async () => {
    const code = `
      Object.prototype.polluted = 'yes'; Array.prototype.map = () => 'hijacked';
      JSON.parse = () => ({ hijacked: true }); Object.defineProperty(Object.prototype, 'toJSON', { value: () => 'hijacked', configurable: true });
      return 1;`;
    await sandboxed(code).catch(() => undefined);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect([1, 2].map((x) => x * 2)).toEqual([2, 4]);
    expect(JSON.parse('{"a":1}')).toEqual({ a: 1 });
    // and the next run starts from a clean heap
    expect((await sandboxed('return [typeof ({}).polluted, [1].map((x) => x + 1)]')).value).toEqual(['undefined', [2]]);
  });

  it('returned values are plain JSON: no functions, getters, proxies or prototypes cross', async () => {
    expect((await sandboxed('return { f() { return 1 }, g: Symbol("s"), n: undefined, d: new Date(0) }')).value).toEqual({ d: '1970-01-01T00:00:00.000Z' });
    const getter = await sandboxed('let n = 0; return { get x() { return ++n } }');
    expect(getter.value).toEqual({ x: 1 });
    expect(Object.getOwnPropertyDescriptor(getter.value as object, 'x')?.get).toBeUndefined();
    const proto = (await sandboxed('return JSON.parse(\'{"__proto__": {"isAdmin": true}}\')')).value as Record<string, unknown>;
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect((await sandboxed('return new Proxy({ a: 1 }, { ownKeys: () => ["a"], get: () => "trapped" })')).value).toEqual({ a: 'trapped' });
    await expect(sandboxed('const o = {}; o.self = o; return o')).rejects.toThrow(/Error in code: .*circular|cyclic/i);
    await expect(sandboxed('return 10n')).rejects.toThrow(/Error in code: .*BigInt/i);
  });

  it('timer and promise floods end at the time limit', async () => {
    expect((await sandboxed('return [typeof setTimeout, typeof setInterval, typeof queueMicrotask, typeof setImmediate]')).value).toEqual([
      'undefined',
      'undefined',
      'undefined',
      'undefined',
    ]);
    await expect(sandboxed('for (;;) Promise.resolve().then(() => {});', 300)).rejects.toThrow('Code execution timed out after 0.3 s');
    await expect(sandboxed('const all = []; for (let i = 0; i < 1e7; i++) all.push(new Promise(() => {})); return all.length', 2_000)).rejects.toThrow(
      /Code execution (exceeded the memory limit|timed out)/,
    );
  });

  it('eval reaches only the sandbox scope; the code is strict (no with, no sloppy this)', async () => {
    const code = `const g = (0, eval)('globalThis'); return [(0, eval)('typeof process'), typeof g.require, g === globalThis, typeof this];`;
    expect((await sandboxed(code)).value).toEqual(['undefined', 'undefined', true, 'undefined']);
    await expect(sandboxed('with (globalThis) { return 1 }')).rejects.toThrow('Error in code: SyntaxError: invalid keyword: with');
  });
});
