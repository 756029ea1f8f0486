/**
 * graphql-http's own server audit suite (GraphQL over HTTP spec conformance) against /graphql
 * on a whole weft: one test per audit, each reported by its id and name. Every request carries
 * a project's API key, as every /graphql call must.
 */
import { serverAudits } from 'graphql-http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

let weft: TestWeft;
let caller: Record<string, string> = {};

beforeAll(async () => {
  weft = await startTestWeft();
  const projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Audit' })).id;
  const { key } = await weft.api<{ key: string }>('POST', `/api/projects/${projectId}/api-keys`, { name: 'audit' });
  caller = { authorization: `Bearer ${key}`, 'x-project-id': projectId };
});
afterAll(async () => {
  await weft?.close();
});

/** fetch with the caller's key added to whatever headers the audit sends */
const withKey: typeof fetch = (input, init = {}) => {
  const headers = new Headers(init.headers);
  for (const [name, value] of Object.entries(caller)) headers.set(name, value);
  return fetch(input, { ...init, headers });
};

const audits = serverAudits({ url: () => `${weft.url}/graphql`, fetchFn: withKey });

describe("graphql-http's server audits", () => {
  it('covers the whole suite', () => {
    expect(audits.length).toBeGreaterThanOrEqual(50);
    expect(new Set(audits.map((a) => a.id)).size).toBe(audits.length);
  });

  for (const audit of audits) {
    it(`${audit.id} ${audit.name}`, async () => {
      const result = await audit.fn();
      if (result.status !== 'ok') {
        const body = await result.response.text().catch(() => '');
        throw new Error(`${result.status}: ${result.reason} (answered ${result.response.status} ${body})`);
      }
      expect(result).toEqual({ id: audit.id, name: audit.name, status: 'ok' });
    });
  }
});
