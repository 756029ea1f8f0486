/**
 * @module scripts/bench/editor-trace — `--trace` for the editor benchmark: a Chromium trace of the
 * run's animation (open it in DevTools' Performance panel or ui.perfetto.dev) and a summary of
 * where the page's main thread spent its time (script, style, layout, paint…), by trace event.
 */
import { writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'v8.execute', 'blink.user_timing'];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string };
}

export async function startTrace(browser: Browser, page: Page): Promise<void> {
  await browser.startTracing(page, { categories: CATEGORIES });
}

/** Stop tracing, write the trace to `file` and return the main thread's busiest event kinds. */
export async function stopTrace(browser: Browser, file: string): Promise<string[]> {
  const buffer = await browser.stopTracing();
  writeFileSync(file, buffer);
  const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
  const main = traceEvents.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const threads = new Set(main.map((e) => `${e.pid}:${e.tid}`));
  const byName = new Map<string, { ms: number; count: number }>();
  for (const e of traceEvents) {
    if (e.ph !== 'X' || !threads.has(`${e.pid}:${e.tid}`)) continue;
    const entry = byName.get(e.name) ?? { ms: 0, count: 0 };
    entry.ms += (e.dur ?? 0) / 1000;
    entry.count++;
    byName.set(e.name, entry);
  }
  return [...byName]
    .sort((a, b) => b[1].ms - a[1].ms)
    .slice(0, 14)
    .map(([name, { ms, count }]) => `${name.padEnd(28)} ${Math.round(ms).toString().padStart(6)} ms  (${count}×)`);
}
