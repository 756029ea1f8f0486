/**
 * A server that stops answers every realtime caller still waiting: it takes no new connection,
 * gives the callers its grace period, then answers those still waiting 202 with the run id
 * (the run goes on); a run that answers within the grace period is answered as usual.
 */
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { deploySlowWebhook } from '../../testing/slow-webhook.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

let weft: TestWeft | null = null;
afterEach(async () => {
  await weft?.close();
  weft = null;
});

/** the answer's status and body, or the socket error when there is none */
async function call(url: string): Promise<{ status: number; body: Record<string, unknown> } | Error> {
  try {
    const answer = await fetch(url, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  } catch (error) {
    return error as Error;
  }
}

/** A fresh connection (no pooled one): its status, or the connection error's code. */
function freshConnection(url: string): Promise<number | string> {
  return new Promise((ok) => {
    const req = request(`${url}/api/health`, { agent: false }, (res) => {
      res.resume();
      ok(res.statusCode ?? 0);
    });
    req.on('error', (error: NodeJS.ErrnoException) => ok(error.code ?? error.message));
    req.end();
  });
}

const pause = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

describe('a server that stops', () => {
  it('answers callers still waiting at the end of the grace period 202 with the run id, and refuses new connections', async () => {
    const w = (weft = await startTestWeft({ shutdownGraceMs: 1000 }));
    const flowId = await deploySlowWebhook(w, { project: 'Shutdown', seconds: 3 });
    const calls = Array.from({ length: 5 }, () => call(`${w.url}/hook/${flowId}`));
    await pause(500);
    const stopped = Date.now();
    const stopping = w.stop();
    await pause(100);
    expect(await freshConnection(w.url)).toBe('ECONNREFUSED');
    const answers = await Promise.all(calls);
    await stopping;
    expect(Date.now() - stopped).toBeGreaterThanOrEqual(900);
    for (const answer of answers) {
      expect(answer).not.toBeInstanceOf(Error);
      expect(answer).toMatchObject({ status: 202, body: { status: 'running', runId: expect.stringMatching(/^run_/) } });
    }
    // the runs go on once a server runs again
    await w.restart();
    const runId = String((answers[0] as { body: Record<string, unknown> }).body.runId);
    const status = async () => (await w.api<{ status: string }>('GET', `/api/runs/${runId}`)).status;
    await expect.poll(status, { timeout: 20_000, interval: 200 }).toBe('completed');
  }, 40_000);

  it('answers a call whose run finishes within the grace period as usual', async () => {
    const w = (weft = await startTestWeft({ shutdownGraceMs: 5000 }));
    const flowId = await deploySlowWebhook(w, { project: 'Shutdown', seconds: 3 });
    const answer = call(`${w.url}/hook/${flowId}`);
    await pause(500);
    await w.stop();
    expect(await answer).toMatchObject({ status: 200, body: { out: 'done' } });
  }, 20_000);
});
