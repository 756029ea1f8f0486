/** The sandbox's slots are shared fairly among projects: one project's endless loops never keep another's code waiting. */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runSandboxed } from './sandbox.ts';

describe('sandbox slots shared by project', () => {
  it('runs project B\'s code at once while project A\'s four endless loops hold or wait for the slots; A waits off its worker slot', async () => {
    // B came lately: the slots keep one for it
    await runSandboxed('return 0', { input: null, outputs: {} }, { owner: 'proj_b' });
    let settledA = 0;
    const waitedOffSlot: number[] = [];
    const loops = [0, 1, 2, 3].map((i) =>
      runSandboxed('while (true) {}', { input: null, outputs: {} }, {
        owner: 'proj_a',
        // long enough that B's code, started on a busy machine, still ends before the first loop times out
        timeoutMs: 5000,
        offSlot: (wait) => (waitedOffSlot.push(i), wait()),
      }).then(
        () => settledA++,
        () => settledA++,
      ),
    );
    const { value } = await runSandboxed('return input.n + 1', { input: { n: 1 }, outputs: {} }, { owner: 'proj_b' });
    expect(value).toBe(2);
    // first come, first served, B would have waited for two of A's loops to time out
    expect(settledA).toBe(0);
    // A holds two of the three slots; its other two calls waited off their worker slots
    expect(waitedOffSlot).toEqual([2, 3]);
    await Promise.all(loops);
    expect(settledA).toBe(4);
  }, 30_000);
});

describe('code that has timed out before', () => {
  it('runs in a slot of its own: a project\'s short code does not wait behind its own endless loops once they are known', async () => {
    const loop = 'while (true) { /* project C\'s loop */ }';
    const settle = (p: Promise<unknown>) => p.then(() => 'done', () => 'done');
    // the loop times out once: its text is known from now on
    await expect(runSandboxed(loop, { input: null, outputs: {} }, { owner: 'proj_c', timeoutMs: 300 })).rejects.toThrow('Code execution timed out after 0.3 s');
    const order: string[] = [];
    const loops = [0, 1, 2, 3].map((i) => settle(runSandboxed(loop, { input: null, outputs: {} }, { owner: 'proj_c', timeoutMs: 3000 })).then(() => order.push(`loop ${i}`)));
    const { value } = await runSandboxed('return 40 + 2', { input: null, outputs: {} }, { owner: 'proj_c' });
    order.push('short');
    expect(value).toBe(42);
    await Promise.all(loops);
    // the short code ran before even the first of its project's four loops timed out
    expect(order[0]).toBe('short');
  }, 45_000);

  it('moves loops waiting for a short code\'s slot to the slow code\'s one once their text timed out, running it at the lowest CPU priority', async () => {
    const loop = 'while (true) { /* project D\'s loop */ }';
    const order: string[] = [];
    const run = (name: string, code: string) =>
      runSandboxed(code, { input: null, outputs: {} }, { owner: 'proj_d', timeoutMs: 1000 }).then(
        () => order.push(name),
        () => order.push(name),
      );
    // three loops fill the short code's slots, three more wait for them, then the short code
    const first = [0, 1, 2].map((i) => run(`loop ${i}`, loop));
    await sleep(100);
    const waiting = [3, 4, 5].map((i) => run(`loop ${i}`, loop));
    await sleep(100);
    const short = run('short', 'return 1');
    await short;
    // the waiting loops went to the slow code's slot when the first ones timed out (all three, or
    // the project's share of two while another project came lately): the short code took a slot
    // then, not after the waiting loops had had theirs
    expect(order.indexOf('short')).toBeLessThanOrEqual(3);
    // the first of them runs now, in a thread at nice 19
    expect(threadNices()).toContain(19);
    await Promise.all(waiting);
  }, 45_000);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The nice values of this process's threads (Linux: /proc/self/task/<tid>/stat, field 19). */
function threadNices(): number[] {
  return readdirSync('/proc/self/task').map((tid) => Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]));
}

