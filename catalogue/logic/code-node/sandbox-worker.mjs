// @module catalogue/logic/code-node/sandbox-worker — runs user code in QuickJS (WebAssembly)
// inside a worker thread, so a slow snippet never blocks the server's event loop. Plain
// JavaScript: worker threads load it directly, under tsx, vitest or plain node alike.
// Request: { id, code, globalsJson, timeoutMs, memoryBytes }.
// Answer: { id, ok: true, valueJson, logs } | { id, ok: false, kind, message }
// with kind 'timeout' | 'memory' | 'code' | 'host'.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { newQuickJSWASMModule } from 'quickjs-emscripten';

// User code runs at a lower CPU priority than the engine (`workerData.nice`: 10, and 19 for code
// known to time out; for this thread alone: Linux takes a thread id where a process id goes), so
// endless loops on a busy machine leave the server's and workers' event loops, and short code,
// their CPU. Elsewhere the thread keeps its priority.
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), workerData?.nice ?? 10);
} catch {
  // no /proc/thread-self (not Linux): the thread runs at the process's priority
}

// Deeper than this overflows the WebAssembly stack itself before QuickJS can throw cleanly.
const STACK_BYTES = 256 * 1024;
const MAX_LOG_LINES = 50;
const MAX_LOG_CHARS = 1000;

let sharedModule;
const quickjsModule = () => (sharedModule ??= newQuickJSWASMModule());

/** The user's code as an async function body; the result leaves the sandbox as JSON text. */
function wrap(code) {
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

function safeDump(vm, handle) {
  try {
    return vm.dump(handle);
  } catch {
    return undefined;
  }
}

function formatLogValue(value) {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function describeError(dumped) {
  if (dumped && typeof dumped === 'object' && 'message' in dumped) {
    return dumped.name ? `${String(dumped.name)}: ${String(dumped.message)}` : String(dumped.message);
  }
  return formatLogValue(dumped);
}

function installGlobals(vm, globalsJson, logs) {
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

async function evaluate({ code, globalsJson, timeoutMs, memoryBytes }) {
  const quickjs = await quickjsModule();
  const runtime = quickjs.newRuntime();
  const deadline = Date.now() + timeoutMs;
  let timedOut = false;
  runtime.setMemoryLimit(memoryBytes);
  runtime.setMaxStackSize(STACK_BYTES);
  runtime.setInterruptHandler(() => (timedOut = Date.now() > deadline));
  const vm = runtime.newContext();
  const logs = [];
  const failure = (error) => {
    const dumped = error ? safeDump(vm, error) : undefined;
    error?.dispose();
    if (timedOut) return { ok: false, kind: 'timeout', message: '' };
    const text = describeError(dumped);
    if (/out of memory/i.test(text) || dumped === null) return { ok: false, kind: 'memory', message: text };
    return { ok: false, kind: 'code', message: text };
  };
  try {
    installGlobals(vm, globalsJson, logs);
    const evaluated = vm.evalCode(wrap(code), 'code.js');
    if (evaluated.error) return failure(evaluated.error);
    const promise = evaluated.value;
    try {
      const jobs = runtime.executePendingJobs();
      if (jobs.error) return failure(jobs.error);
      const state = vm.getPromiseState(promise);
      if (state.type === 'pending') {
        // an interrupted job queue leaves the promise pending: out of time, not a promise that never settles
        if (timedOut || Date.now() > deadline) return { ok: false, kind: 'timeout', message: '' };
        return { ok: false, kind: 'code', message: 'the returned promise never settled' };
      }
      if (state.type === 'rejected') return failure(state.error);
      const valueJson = vm.getString(state.value);
      state.value.dispose();
      return { ok: true, valueJson, logs };
    } finally {
      promise.dispose();
    }
  } catch (error) {
    // The host itself failed (e.g. the WebAssembly stack ran out): start later runs afresh.
    sharedModule = undefined;
    return { ok: false, kind: 'host', message: error instanceof Error ? error.message : String(error) };
  } finally {
    try {
      vm.dispose();
      runtime.dispose();
    } catch {
      sharedModule = undefined;
    }
  }
}

parentPort.on('message', async (request) => {
  parentPort.postMessage({ id: request.id, ...(await evaluate(request)) });
});
