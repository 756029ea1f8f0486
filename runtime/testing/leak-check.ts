/**
 * @module runtime/testing/leak-check — what the secret-leak tests search, and the search: all
 * the process prints, and everything the studio and an operator can read about a run (its
 * snapshot once ended, events, actors, the flow's history, the project's logs and credentials).
 */
import { expect, vi } from 'vitest';
import { readSse } from './sse-client.ts';
import type { TestWeft } from './test-weft.ts';

/** Record what console prints from now on (still printed); vi.restoreAllMocks() stops it. */
export function capturePrinted(): string[] {
  const printed: string[] = [];
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const original = console[method].bind(console);
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      printed.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
      original(...args);
    });
  }
  return printed;
}

/** Everything readable about run `runId` of flow `flowId` in project `projectId`, as text, once the run has ended. */
export async function runTraces(weft: TestWeft, projectId: string, flowId: string, runId: string): Promise<Record<string, string>> {
  const text = async (path: string) => (await weft.request('GET', path)).text();
  let snapshot = await text(`/api/runs/${runId}`);
  for (let i = 0; i < 100 && JSON.parse(snapshot).status === 'running'; i++) {
    await new Promise((ok) => setTimeout(ok, 50));
    snapshot = await text(`/api/runs/${runId}`);
  }
  return {
    snapshot,
    events: JSON.stringify(await readSse(`${weft.url}/api/runs/${runId}/events`, { headers: weft.headers, timeoutMs: 5000 })),
    actors: await text(`/api/runs/${runId}/actors`),
    history: await text(`/api/flows/${flowId}/runs`),
    logs: await text(`/api/projects/${projectId}/logs`),
    credentials: await text(`/api/projects/${projectId}/credentials`),
  };
}

/** Each text is there (not empty) and holds none of `secrets` (named, for the failure's message). */
export function expectNoSecretIn(where: Record<string, string>, secrets: Record<string, string>): void {
  for (const [name, text] of Object.entries(where)) {
    expect(text.length, `${name} is empty`).toBeGreaterThan(0);
    for (const [secret, value] of Object.entries(secrets)) expect(text.includes(value), `the ${secret} secret appears in ${name}`).toBe(false);
  }
}
