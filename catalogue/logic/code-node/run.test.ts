import { describe, expect, it } from 'vitest';
import { runNode, testContext } from '../../testing/node-harness.ts';
import { definition } from './definition.ts';
import node from './run.ts';
import { DEFAULT_MEMORY_BYTES, DEFAULT_TIMEOUT_MS, runSandboxed } from './sandbox.ts';

const ctx = () => testContext({ input: { a: 2, name: 'Ada' }, outputs: { apiNode_1: { items: [1, 2, 3] } } });
const sandboxed = (code: string, timeoutMs = 1_000) => runSandboxed(code, { input: { a: 2 }, outputs: {} }, { timeoutMs });

describe('codeNode', () => {
  it('returns the code’s return value, seeing input and outputs as JSON', async () => {
    const code = 'const sum = outputs.apiNode_1.items.reduce((s, x) => s + x, 0);\nreturn { sum, doubled: input.a * 2, who: input.name };';
    expect(await runNode(node, { code }, ctx())).toEqual({ output: { sum: 6, doubled: 4, who: 'Ada' } });
  });

  it('supports await and gives null for no return value', async () => {
    expect(await runNode(node, { code: 'const v = await Promise.resolve(41); return v + 1;' }, ctx())).toEqual({ output: 42 });
    expect(await runNode(node, { code: 'const x = 1;' }, ctx())).toEqual({ output: null });
  });

  it('takes the code literally: placeholders are not resolved', async () => {
    expect(await runNode(node, { code: 'return "{{apiNode_1.output.items}}"' }, ctx())).toEqual({ output: '{{apiNode_1.output.items}}' });
  });

  it('sends console lines as progress messages', async () => {
    const context = ctx();
    await runNode(node, { code: 'console.log("step", 1, { ok: true }); console.error("oops"); return 1' }, context);
    expect(context.progressed).toEqual(['step 1 {"ok":true}', 'oops']);
  });

  it('refuses missing code and the spec’s dangerous patterns', async () => {
    await expect(node.run({ code: '  ' }, ctx())).rejects.toThrow('No code found to execute');
    await expect(node.run({ code: null }, ctx())).rejects.toThrow('No code found to execute');
    for (const code of [
      'return process.env',
      'return process["env"]',
      'const fs = require("fs")',
      'return eval("1+1")',
      'return Function("return 1")()',
      'return new Function("return 1")()',
      'import("child_process")',
      'return module.mainModule',
      'return ({}).constructor',
      'execSync("ls")',
    ]) {
      await expect(node.run({ code }, ctx()), code).rejects.toThrow('Cannot execute code with dangerous patterns');
    }
  });

  it('reports a throw, a syntax error and an unserialisable result clearly', async () => {
    await expect(node.run({ code: 'throw new Error("bad input")' }, ctx())).rejects.toThrow('Error in code: Error: bad input');
    await expect(node.run({ code: 'return {' }, ctx())).rejects.toThrow(/^Error in code: SyntaxError/);
    await expect(node.run({ code: 'return 1n' }, ctx())).rejects.toThrow('Error in code: TypeError: Do not know how to serialize a BigInt');
  });

  it('has a 5 s time limit and a 32 MiB memory limit by default', () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(5_000);
    expect(DEFAULT_MEMORY_BYTES).toBe(32 * 1024 * 1024);
  });
});

describe('the sandbox', () => {
  it('has no process, require, module loader, filesystem or network', async () => {
    const { value } = await sandboxed(`return [
      typeof globalThis['pro' + 'cess'], typeof globalThis['req' + 'uire'], typeof globalThis['mod' + 'ule'],
      typeof fetch, typeof XMLHttpRequest, typeof std, typeof os, typeof setTimeout, typeof Deno, typeof Bun,
    ]`);
    expect(value).toEqual(Array(10).fill('undefined'));
    await expect(sandboxed('return await import("fs")')).rejects.toThrow(/Error in code: .*could not load module 'fs'/);
    await expect(sandboxed('return await import("node:child_process")')).rejects.toThrow(/could not load module/);
  });

  it('keeps the Function constructor inside the sandbox', async () => {
    const code = `const F = Object.getPrototypeOf(async function () {})['con' + 'structor'];
      return await F('return [typeof process, typeof require, typeof globalThis.process]')();`;
    expect((await sandboxed(code)).value).toEqual(['undefined', 'undefined', 'undefined']);
  });

  it('cannot reach host objects through the data it is given', async () => {
    // JSON.parse keeps a `__proto__` key as an own property: plain data, prototypes untouched.
    const code = `return [Object.getPrototypeOf(input) === Object.prototype, typeof ({}).polluted, input.__proto__.polluted]`;
    const { value } = await runSandboxed(code, { input: JSON.parse('{"__proto__": {"polluted": 1}}'), outputs: {} });
    expect(value).toEqual([true, 'undefined', 1]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('stops an infinite loop at the deadline', async () => {
    const started = Date.now();
    await expect(sandboxed('while (true) {}', 300)).rejects.toThrow('Code execution timed out after 0.3 s');
    await expect(sandboxed('for (;;) { try { while (true) {} } catch (e) {} }', 300)).rejects.toThrow('Code execution timed out');
    // a loop of promises runs out of time too: a timeout, not 'the returned promise never settled'
    await expect(sandboxed('let i = 0; for (;;) await i++;', 300)).rejects.toThrow('Code execution timed out after 0.3 s');
    await expect(sandboxed('const spin = () => Promise.resolve().then(spin); spin(); await new Promise(() => {});', 300)).rejects.toThrow('Code execution timed out after 0.3 s');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('stops code that is already cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(runSandboxed('while (true) {}', { input: null, outputs: {} }, { signal: controller.signal })).rejects.toThrow(
      'Code execution was cancelled',
    );
  });

  it('stops a memory overrun, deep recursion and a promise that never settles', async () => {
    await expect(sandboxed('return "x".repeat(64 * 1024 * 1024).length')).rejects.toThrow(
      'Code execution exceeded the memory limit of 32 MiB',
    );
    await expect(sandboxed('return new Array(1e8).fill(1).length')).rejects.toThrow(
      'Code execution exceeded the memory limit of 32 MiB',
    );
    await expect(sandboxed('function f() { return f(); } return f();')).rejects.toThrow('Error in code: InternalError: stack overflow');
    await expect(sandboxed('await new Promise(() => {})')).rejects.toThrow('Error in code: the returned promise never settled');
  });

  it('keeps working after failures, each run in a fresh heap', async () => {
    await expect(sandboxed('globalThis.leak = 1; throw new Error("x")')).rejects.toThrow();
    expect((await sandboxed('return typeof globalThis.leak')).value).toBe('undefined');
  });

  it('runs off the event loop: the host keeps ticking while code spins, and a cancel stops it', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 20);
    await expect(sandboxed('while (true) {}', 600)).rejects.toThrow('Code execution timed out after 0.6 s');
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(10);
    const controller = new AbortController();
    const pending = runSandboxed('while (true) {}', { input: null, outputs: {} }, { timeoutMs: 5_000, signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(pending).rejects.toThrow('Code execution was cancelled');
    expect((await sandboxed('return 7')).value).toBe(7);
  });
});
