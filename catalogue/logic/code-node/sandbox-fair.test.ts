/** The sandbox's slots are shared fairly among projects: one project's endless loops never keep another's code waiting. */
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
        timeoutMs: 1500,
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
  }, 20_000);
});
