/**
 * @module scripts/bench/editor-trace — what the page's main thread did while a run animated, from
 * a Chromium trace: each task's wall time and its thread (CPU) time. On a shared, loaded machine a
 * task's wall time includes the time the thread waited for a core; its CPU time is what the page
 * asked of it. With `--trace` the whole trace is kept (open it in DevTools' Performance panel or
 * ui.perfetto.dev) and the main thread's busiest event kinds (script, style, layout, paint…) listed.
 */
import { writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';

const TASKS = ['toplevel'];
const DETAIL = [...TASKS, 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'v8.execute', 'blink.user_timing'];
const TASK = 'ThreadControllerImpl::RunTask';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface MainThread {
  /** each task's wall and CPU time, ms */
  tasks: { wall: number; cpu: number }[];
  /** with detail: the busiest event kinds, one line each */
  busiest: string[];
}

export async function startTrace(browser: Browser, page: Page, detail: boolean): Promise<void> {
  await browser.startTracing(page, { categories: detail ? DETAIL : TASKS });
}

/** Stop tracing; the page's main-thread tasks (and, when `file` is given, the trace kept there and its busiest event kinds). */
export async function stopTrace(browser: Browser, file?: string): Promise<MainThread> {
  const buffer = await browser.stopTracing();
  if (file) writeFileSync(file, buffer);
  const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
  const main = traceEvents.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const threads = new Set(main.map((e) => `${e.pid}:${e.tid}`));
  const onMain = traceEvents.filter((e) => e.ph === 'X' && threads.has(`${e.pid}:${e.tid}`));
  const tasks = onMain.filter((e) => e.name === TASK).map((e) => ({ wall: (e.dur ?? 0) / 1000, cpu: (e.tdur ?? 0) / 1000 }));
  if (!file) return { tasks, busiest: [] };
  const byName = new Map<string, { ms: number; count: number }>();
  for (const e of onMain) {
    const entry = byName.get(e.name) ?? { ms: 0, count: 0 };
    entry.ms += (e.dur ?? 0) / 1000;
    entry.count++;
    byName.set(e.name, entry);
  }
  const busiest = [...byName]
    .sort((a, b) => b[1].ms - a[1].ms)
    .slice(0, 14)
    .map(([name, { ms, count }]) => `${name.padEnd(30)} ${Math.round(ms).toString().padStart(6)} ms  (${count}×)`);
  return { tasks, busiest };
}
