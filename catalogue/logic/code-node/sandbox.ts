/**
 * @module catalogue/logic/code-node/sandbox — JavaScript in QuickJS compiled to WebAssembly:
 * a separate heap with no process, require, module loader, filesystem or network, bounded by
 * an interrupt deadline and a memory limit. Data crosses the boundary only as JSON text.
 */
import { newQuickJSWASMModule, type QuickJSContext, type QuickJSHandle, type QuickJSWASMModule } from 'quickjs-emscripten';
import { NodeError, userError } from '../../errors.ts';

export interface SandboxOptions {
  /** wall-clock budget for the whole execution; default 5 s */
  timeoutMs?: number;
  /** heap limit of the sandbox; default 32 MiB */
  memoryBytes?: number;
  /** aborting stops the code at its next interrupt check */
  signal?: AbortSignal;
}

export interface SandboxResult {
  /** the code's return value, through JSON (undefined and functions become null) */
  value: unknown;
  /** what the code wrote with console.log and friends (capped) */
  logs: string[];
}

export const DEFAULT_TIMEOUT_MS = 5_000;
export const DEFAULT_MEMORY_BYTES = 32 * 1024 * 1024;
// Deeper than this overflows the WebAssembly stack itself before QuickJS can throw cleanly.
const STACK_BYTES = 256 * 1024;
const MAX_LOG_LINES = 50;
const MAX_LOG_CHARS = 1_000;

let sharedModule: Promise<QuickJSWASMModule> | undefined;

/** One WASM module serves every run; each run gets its own runtime (heap) inside it. */
function quickjsModule(): Promise<QuickJSWASMModule> {
  sharedModule ??= newQuickJSWASMModule();
  return sharedModule;
}

/**
 * Run `code` as the body of an async function of (input, outputs); its `return` value is the
 * result. Throws a NodeError on a syntax error, a throw, a timeout or a memory overrun.
 */
export async function runSandboxed(code: string, globals: { input: unknown; outputs: unknown }, options: SandboxOptions = {}): Promise<SandboxResult> {
  const { timeoutMs = DEFAULT_TIMEOUT_MS, memoryBytes = DEFAULT_MEMORY_BYTES, signal } = options;
  const quickjs = await quickjsModule();
  const runtime = quickjs.newRuntime();
  const deadline = Date.now() + timeoutMs;
  let stoppedBy: 'timeout' | 'abort' | undefined;
  runtime.setMemoryLimit(memoryBytes);
  runtime.setMaxStackSize(STACK_BYTES);
  runtime.setInterruptHandler(() => {
    if (signal?.aborted) stoppedBy = 'abort';
    else if (Date.now() > deadline) stoppedBy = 'timeout';
    return stoppedBy !== undefined;
  });
  const vm = runtime.newContext();
  const logs: string[] = [];
  const fail = (error: QuickJSHandle | undefined): NodeError => {
    const dumped = error ? safeDump(vm, error) : undefined;
    error?.dispose();
    if (stoppedBy === 'timeout') return userError(`Code execution timed out after ${timeoutMs / 1000} s`);
    if (stoppedBy === 'abort') return new NodeError('Code execution was cancelled', 'operational');
    const text = describeError(dumped);
    if (/out of memory/i.test(text) || dumped === null) {
      return userError(`Code execution exceeded the memory limit of ${Math.round(memoryBytes / 1024 / 1024)} MiB`);
    }
    return userError(`Error in code: ${text}`);
  };
  try {
    installGlobals(vm, JSON.stringify(globals) ?? 'null', logs);
    const evaluated = vm.evalCode(wrap(code), 'code.js');
    if (evaluated.error) throw fail(evaluated.error);
    const promise = evaluated.value;
    try {
      const jobs = runtime.executePendingJobs();
      if (jobs.error) throw fail(jobs.error);
      const state = vm.getPromiseState(promise);
      if (state.type === 'pending') throw userError('Error in code: the returned promise never settled');
      if (state.type === 'rejected') throw fail(state.error);
      const text = vm.getString(state.value);
      state.value.dispose();
      return { value: JSON.parse(text), logs };
    } finally {
      promise.dispose();
    }
  } catch (error) {
    if (error instanceof NodeError) throw error;
    // The host itself failed (e.g. the WebAssembly stack ran out): this module is suspect.
    sharedModule = undefined;
    throw userError(`Error in code: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    release(vm, runtime);
  }
}

/** Free the run's heap; if QuickJS finds it inconsistent, start later runs on a fresh module. */
function release(vm: QuickJSContext, runtime: { dispose(): void }): void {
  try {
    vm.dispose();
    runtime.dispose();
  } catch {
    sharedModule = undefined;
  }
}

/** The user's code as an async function body; the result leaves the sandbox as JSON text. */
function wrap(code: string): string {
  return [
    '"use strict";',
    '(async () => {',
    '  const { input, outputs } = JSON.parse(globalThis.__weftGlobals);',
    '  delete globalThis.__weftGlobals;',
    `  const result = await (async function (input, outputs) {\n${code}\n})(input, outputs);`,
    '  const text = JSON.stringify(result);',
    "  return typeof text === 'string' ? text : 'null';",
    '})()',
  ].join('\n');
}

function installGlobals(vm: QuickJSContext, globalsJson: string, logs: string[]): void {
  const text = vm.newString(globalsJson);
  vm.setProp(vm.global, '__weftGlobals', text);
  text.dispose();
  const console = vm.newObject();
  for (const method of ['log', 'info', 'warn', 'error', 'debug']) {
    const fn = vm.newFunction(method, (...args) => {
      if (logs.length >= MAX_LOG_LINES) return;
      const line = args.map((a) => formatLogValue(safeDump(vm, a))).join(' ');
      logs.push(line.length > MAX_LOG_CHARS ? `${line.slice(0, MAX_LOG_CHARS)}…` : line);
    });
    vm.setProp(console, method, fn);
    fn.dispose();
  }
  vm.setProp(vm.global, 'console', console);
  console.dispose();
}

function safeDump(vm: QuickJSContext, handle: QuickJSHandle): unknown {
  try {
    return vm.dump(handle);
  } catch {
    return undefined;
  }
}

function formatLogValue(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function describeError(dumped: unknown): string {
  if (dumped && typeof dumped === 'object' && 'message' in dumped) {
    const { name, message } = dumped as { name?: unknown; message?: unknown };
    return name ? `${String(name)}: ${String(message)}` : String(message);
  }
  return formatLogValue(dumped);
}
