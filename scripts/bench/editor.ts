/**
 * @module scripts/bench/editor — the studio in a real browser, a benchmark, not a test:
 * `npx tsx scripts/bench/editor.ts [--rounds N] [--editor <dir>] [--profile] [--trace]`.
 *
 * Loaded and fitted: from navigation to the flow's page until the canvas is ready (drawn, Fit
 * applied) and the next frame is painted with the main thread free again; the median of N loads
 * (default 5) of a generated 300-node flow, alternating with loads of a 6-node flow in the same
 * run, the baseline. Then a run of each flow animates while the page records its main-thread long
 * tasks (PerformanceObserver 'longtask') and its frames. Aims: the 300-node flow loaded and fitted
 * in under 1 s; no main-thread task over 50 ms while its run animates. A trace of each animation
 * also gives every main-thread task's CPU time: on a loaded machine a task's wall time (what
 * 'longtask' sees) includes the time its thread waited for a core.
 *
 * `--editor <dir>` serves that build of the studio instead of dist/editor (built when stale), to
 * compare two builds in runs taken alternately. `--profile` writes CPU profiles of the last 300-node load and of its run, `--trace` a Chromium
 * trace of the run (and prints where the main thread's time went), to test-artifacts/editor-bench/;
 * both slow down what they record, so take the figures from a run without them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import Redis from 'ioredis';
import { buildEditorOnce, signInPage } from '../../editor/testing/studio-browser.ts';
import { testArtifacts } from '../../paths.ts';
import { launchChromium } from '../../runtime/testing/chromium.ts';
import { startWeft } from '../../runtime/server.ts';
import { testAccounts } from '../../runtime/testing/test-accounts.ts';
import { startRedis } from '../../actors/redis-server.ts';
import { generatedFlow } from './editor-flow.ts';
import { installProbe, loadFigures, startWatching, stopWatching } from './editor-probes.ts';
import { startTrace, stopTrace } from './editor-trace.ts';
import { fixed, formatTable, median, times, type Row } from './stats.ts';

const LOAD_AIM_MS = 1000;
const TASK_AIM_MS = 50;
const argument = (name: string) => process.argv[process.argv.indexOf(name) + 1];
const rounds = process.argv.includes('--rounds') ? Number(argument('--rounds')) : 5;
const artifacts = join(testArtifacts, 'editor-bench');
const profiling = process.argv.includes('--profile');
const tracing = process.argv.includes('--trace');
const editorDir = process.argv.includes('--editor') ? argument('--editor') : undefined;

/** Start a CPU profile of the page (with --profile); the returned function stops it and writes `<name>.cpuprofile`. */
async function profile(page: Page, name: string): Promise<() => Promise<void>> {
  if (!profiling) return async () => {};
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  return async () => {
    const { profile } = await cdp.send('Profiler.stop');
    mkdirSync(artifacts, { recursive: true });
    writeFileSync(join(artifacts, `${name}.cpuprofile`), JSON.stringify(profile));
    await cdp.detach();
  };
}

type Api = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/** Open the flow, run it, and measure its animation until every node shows completed. */
async function animateRun(browser: Browser, page: Page, api: Api, url: string, nodes: number, name: string) {
  await page.goto(url);
  await loadFigures(page);
  await page.getByTestId('tab-run').click();
  const stopProfile = await profile(page, `${name}-run`);
  await startTrace(browser, page, tracing);
  await startWatching(page);
  const started = Date.now();
  await page.getByTestId('run-button').click();
  const status = () => document.querySelector('[data-testid="current-run"]')?.getAttribute('data-status');
  await page.waitForFunction(status, undefined, { timeout: 30_000, polling: 100 });
  const runId = (await page.getByTestId('current-run').getAttribute('data-run-id'))!;
  await page.waitForFunction(() => document.querySelector('[data-testid="current-run"]')?.getAttribute('data-status') === 'completed', undefined, { timeout: 120_000, polling: 100 });
  const shownCompleted = Date.now() - started;
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="node"][data-state="completed"]').length >= n, nodes, { timeout: 60_000, polling: 100 });
  const allShown = Date.now() - started;
  // the last tokens arrive and leave
  await page.waitForTimeout(1000);
  const watched = await stopWatching(page);
  const main = await stopTrace(browser, tracing ? join(artifacts, `${name}-run.trace.json`) : undefined);
  await stopProfile();
  const run = await api<{ startedAt: number; finishedAt?: number }>('GET', `/api/runs/${runId}`);
  const longestCpu = main.tasks.reduce((a, b) => (b.cpu > a.cpu ? b : a), { wall: 0, cpu: 0 });
  return {
    ...watched,
    shownCompleted,
    allShown,
    engineMs: (run.finishedAt ?? NaN) - run.startedAt,
    busiest: main.busiest,
    cpu: { total: main.tasks.reduce((sum, t) => sum + t.cpu, 0), longest: longestCpu, over: main.tasks.filter((t) => t.cpu > TASK_AIM_MS).length },
  };
}

async function main(): Promise<void> {
  if (!editorDir) await buildEditorOnce();
  if (profiling || tracing) mkdirSync(artifacts, { recursive: true });
  const dir = mkdtempSync(join(tmpdir(), 'weft-editor-bench-'));
  const redis = await startRedis({ dir });
  const weft = await startWeft({ redisUrl: redis.url, port: 0, prefix: 'bench-editor:', concurrency: 16, editorDir });
  const accountsRedis = new Redis(redis.url);
  // a browser that fails to start must still stop the Redis and weft started above
  const browser = await launchChromium().catch(async (error) => {
    accountsRedis.disconnect();
    await weft.close();
    await redis.stop();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  try {
    const builder = await testAccounts(accountsRedis, 'bench-editor:', weft.url).createUser({ name: 'Bench' });
    const api: Api = (method, path, body) => builder.api(method, path, body);
    const project = await api<{ id: string }>('POST', '/api/projects', { name: 'Editor bench' });
    const create = (flow: object) => api<{ id: string; nodes: unknown[] }>('POST', `/api/projects/${project.id}/flows`, flow);
    const large = await create(generatedFlow());
    const small = await create(generatedFlow([2, 2]));
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await installProbe(page);
    // warm the browser's cache and the server once, as a returning builder would have it
    await page.goto(`${weft.url}/projects/${project.id}`);
    await signInPage(page, weft.url, builder.user.email, builder.password);
    await page.waitForSelector('[data-testid="flow-row"]');

    type Load = Awaited<ReturnType<typeof loadFigures>>;
    const loads = { small: [] as Load[], large: [] as Load[] };
    for (let round = 0; round < rounds; round++) {
      // alternate, so both flows see the same load of the machine
      for (const which of round % 2 ? (['large', 'small'] as const) : (['small', 'large'] as const)) {
        const flow = which === 'large' ? large : small;
        const stopProfile = which === 'large' && round === rounds - 1 ? await profile(page, 'load') : async () => {};
        await page.goto(`${weft.url}/flows/${flow.id}`);
        loads[which].push(await loadFigures(page));
        await stopProfile();
      }
    }
    const smallRun = await animateRun(browser, page, api, `${weft.url}/flows/${small.id}`, small.nodes.length, 'small');
    const largeRun = await animateRun(browser, page, api, `${weft.url}/flows/${large.id}`, large.nodes.length, 'large');

    const ms = (n: number) => `${fixed(n)} ms`;
    const med = (list: typeof loads.large, pick: (l: (typeof list)[number]) => number) => median(list.map(pick));
    const loadLarge = med(loads.large, (l) => l.painted);
    const loadSmall = med(loads.small, (l) => l.painted);
    const step = (key: keyof (typeof loads.large)[number]['steps']) => ms(med(loads.large, (l) => l.steps[key]));
    const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
    const last = loads.large.at(-1)!;
    const longestLarge = Math.max(0, ...largeRun.tasks);
    const longestSmall = Math.max(0, ...smallRun.tasks);
    const rows: Row[] = [
      { what: `Loaded and fitted: navigation → fitted view painted, median of ${rounds} loads each` },
      { what: `${large.nodes.length}-node flow`, figure: ms(loadLarge), ratio: times(loadLarge / loadSmall), detail: `${loads.large.map((l) => fixed(l.painted)).join(', ')} ms; aim < ${LOAD_AIM_MS} ms: ${met(loadLarge < LOAD_AIM_MS)}` },
      { what: `${small.nodes.length}-node flow (baseline)`, figure: ms(loadSmall), ratio: '1.00×', detail: `${loads.small.map((l) => fixed(l.painted)).join(', ')} ms` },
      { what: `${large.nodes.length} nodes: set-up / fetch / draw / fit / paint`, figure: step('draw'), detail: `medians: ${step('setUp')} + ${step('fetch')} + ${step('draw')} + ${step('fit')} + ${step('paint')}` },
      { what: 'longest task while loading', figure: ms(med(loads.large, (l) => l.longestTask)), ratio: times(med(loads.large, (l) => l.longestTask) / med(loads.small, (l) => l.longestTask)), detail: `median; ${last.nodes} nodes in the page, ${last.onScreen} on screen, trigger ${last.triggerShown ? 'shown' : 'NOT shown'}` },
      { what: 'Animating a run (from Run until every node shows completed, + 1 s)' },
      { what: `long tasks, ${large.nodes.length} nodes`, figure: `${largeRun.tasks.length}`, detail: `longest ${ms(longestLarge)}; aim none over ${TASK_AIM_MS} ms: ${met(longestLarge <= TASK_AIM_MS)}` },
      { what: `long tasks, ${small.nodes.length} nodes (baseline)`, figure: `${smallRun.tasks.length}`, detail: `longest ${ms(longestSmall)}` },
      { what: `main thread CPU, ${large.nodes.length} nodes`, figure: ms(largeRun.cpu.total), ratio: times(largeRun.cpu.total / smallRun.cpu.total), detail: `longest task ${ms(largeRun.cpu.longest.cpu)} CPU (${ms(largeRun.cpu.longest.wall)} wall); ${largeRun.cpu.over} tasks over ${TASK_AIM_MS} ms CPU` },
      { what: `main thread CPU, ${small.nodes.length} nodes (baseline)`, figure: ms(smallRun.cpu.total), ratio: '1.00×', detail: `longest task ${ms(smallRun.cpu.longest.cpu)} CPU (${ms(smallRun.cpu.longest.wall)} wall)` },
      { what: `frames, ${large.nodes.length} nodes`, figure: `${fixed(largeRun.fps, 1)} fps`, ratio: times(largeRun.fps / smallRun.fps), detail: `${largeRun.frames} frames, longest ${ms(largeRun.longestFrame)}, ${largeRun.slowFrames} over 50 ms` },
      { what: `frames, ${small.nodes.length} nodes (baseline)`, figure: `${fixed(smallRun.fps, 1)} fps`, ratio: '1.00×', detail: `${smallRun.frames} frames, longest ${ms(smallRun.longestFrame)}, ${smallRun.slowFrames} over 50 ms` },
      { what: `run shown completed, ${large.nodes.length} nodes`, figure: ms(largeRun.shownCompleted), ratio: times(largeRun.shownCompleted / smallRun.shownCompleted), detail: `engine finished it in ${ms(largeRun.engineMs)}; every node shown completed after ${ms(largeRun.allShown)}` },
      { what: `run shown completed, ${small.nodes.length} nodes (baseline)`, figure: ms(smallRun.shownCompleted), ratio: '1.00×', detail: `engine finished it in ${ms(smallRun.engineMs)}` },
    ];
    console.log(`editor bench: ${large.nodes.length}-node flow against a ${small.nodes.length}-node one, 1440×900, ${rounds} rounds${editorDir ? `, studio from ${editorDir}` : ''}\n`);
    console.log(formatTable(rows));
    if (tracing) console.log(`\nmain thread while the ${large.nodes.length}-node run animated (trace events, nested ones counted in their parents too):\n  ${largeRun.busiest.join('\n  ')}`);
    if (profiling || tracing) console.log(`\nprofiles and traces in ${artifacts}`);
  } finally {
    accountsRedis.disconnect();
    await browser.close();
    await weft.close();
    await redis.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await main();
  // the engine's reconnecting clients must not outlive the Redis this script stopped
  process.exit(0);
}
