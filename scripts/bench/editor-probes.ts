/**
 * @module scripts/bench/editor-probes — what the editor benchmark measures inside the page. An
 * init script (before the studio's own code, on every navigation) records when the canvas became
 * ready and when the frame after that was painted and the main thread free again ("loaded and
 * fitted"), every main-thread long task (PerformanceObserver 'longtask'), and, while a run
 * animates, every frame (requestAnimationFrame). The bench reads them back with `readProbe`.
 */
import type { Page } from 'playwright-core';

export interface ProbeWindow {
  __probe: {
    /** performance.now() when the canvas said it was ready (fitted), and after its next paint */
    ready: number;
    painted: number;
    tasks: { start: number; duration: number }[];
    frames: number[];
    framing: boolean;
  };
}

/** Runs in the page before its scripts, at each navigation. */
function install(): void {
  const probe: ProbeWindow['__probe'] = { ready: NaN, painted: NaN, tasks: [], frames: [], framing: false };
  (window as unknown as ProbeWindow).__probe = probe;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) probe.tasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  // the canvas sets data-ready once the flow is drawn and fitted; painted = that frame is on
  // screen and the main thread has run the next task (the page answers input again)
  const watch = new MutationObserver(() => {
    if (!document.querySelector('[data-testid="canvas"][data-ready="true"]')) return;
    watch.disconnect();
    probe.ready = performance.now();
    requestAnimationFrame(() => setTimeout(() => (probe.painted = performance.now())));
  });
  watch.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ready'] });
}

export async function installProbe(page: Page): Promise<void> {
  // tsx names the functions declared inside these callbacks with a helper the page lacks
  await page.addInitScript('window.__name = (f) => f');
  await page.addInitScript(install);
}

/** Wait until the canvas is painted after fitting; the time since navigation, and where it went. */
export async function loadFigures(page: Page) {
  await page.waitForFunction(() => !Number.isNaN((window as unknown as ProbeWindow).__probe.painted), undefined, { timeout: 60_000, polling: 50 });
  return page.evaluate(() => {
    const { ready, painted, tasks } = (window as unknown as ProbeWindow).__probe;
    const mark = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? NaN;
    const [created, fetched, drawn, fitted] = ['weft:canvas-created', 'weft:flow-fetched', 'weft:flow-drawn', 'weft:fitted'].map(mark);
    const canvas = document.querySelector('[data-testid="canvas"]')!.getBoundingClientRect();
    const onScreen = [...document.querySelectorAll('[data-testid="node"]')].filter((node) => {
      const box = node.getBoundingClientRect();
      return box.right > canvas.left && box.left < canvas.right && box.bottom > canvas.top && box.top < canvas.bottom;
    });
    const trigger = document.querySelector('[data-node-id="webhookTrigger_1"]')?.getBoundingClientRect();
    return {
      painted,
      steps: { setUp: created, fetch: fetched - created, draw: drawn - fetched, fit: fitted - drawn, paint: painted - ready },
      longestTask: Math.max(0, ...tasks.filter((t) => t.start < painted).map((t) => t.duration)),
      nodes: document.querySelectorAll('[data-testid="node"]').length,
      onScreen: onScreen.length,
      triggerShown: !!trigger && trigger.left >= canvas.left && trigger.right <= canvas.right,
    };
  });
}

/** Forget the tasks seen so far and count frames from now on. */
export async function startWatching(page: Page): Promise<void> {
  await page.evaluate(() => {
    const probe = (window as unknown as ProbeWindow).__probe;
    probe.tasks.length = 0;
    probe.frames.length = 0;
    probe.framing = true;
    const frame = (time: number) => {
      probe.frames.push(time);
      if (probe.framing) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** Long tasks and frames since `startWatching`. */
export async function stopWatching(page: Page) {
  return page.evaluate(() => {
    const probe = (window as unknown as ProbeWindow).__probe;
    probe.framing = false;
    const gaps = probe.frames.slice(1).map((time, i) => time - probe.frames[i]);
    const span = (probe.frames.at(-1)! - probe.frames[0]) / 1000;
    return {
      tasks: probe.tasks.map((t) => t.duration),
      frames: probe.frames.length,
      fps: (probe.frames.length - 1) / span,
      longestFrame: Math.max(0, ...gaps),
      slowFrames: gaps.filter((gap) => gap > 50).length,
    };
  });
}
