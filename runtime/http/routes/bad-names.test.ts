/**
 * Names that read as nothing are refused with a precise 400: an organisation name of control
 * characters (or of invisible ones only), and an "HTTP header" credential whose header name is
 * not one a server takes (`1`, spaces, a colon).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER_NAME_MESSAGE } from './credentials.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

let weft: TestWeft;
let projectId = '';

beforeAll(async () => {
  weft = await startTestWeft();
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Names' })).id;
});
afterAll(() => weft?.close());

async function errorOf(method: string, path: string, body: unknown): Promise<unknown> {
  const answer = await weft.request(method, path, body);
  expect(answer.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
  return ((await answer.json()) as { error: unknown }).error;
}

describe('organisation names', () => {
  it('refuses control characters and names with nothing visible, on create and rename', async () => {
    const { id } = await weft.api<{ id: string }>('POST', '/api/organisations', { name: 'Acme' });
    for (const [name, message] of [
      ['\u0000', 'An organisation name cannot contain control characters'],
      ['Acme\u0007', 'An organisation name cannot contain control characters'],
      ['\u200b\u200d ', 'An organisation needs a name'],
    ]) {
      expect(await errorOf('POST', '/api/organisations', { name })).toEqual({ code: 'bad_request', message });
      expect(await errorOf('PUT', `/api/organisations/${id}`, { name })).toEqual({ code: 'bad_request', message });
    }
    expect((await weft.api<{ name: string }>('PUT', `/api/organisations/${id}`, { name: 'Acme Ltd' })).name).toBe('Acme Ltd');
  });
});

describe('HTTP header credentials', () => {
  it('refuse a header name that is not one a server takes', async () => {
    const credential = (headerName: string) => ({ name: `h-${Math.random()}`, credential_type: 'httpHeader', credentials: { headerName, headerValue: 'Bearer tok-123456' } });
    for (const headerName of ['1', 'X Token', 'X-Token:', '-x']) {
      expect(await errorOf('POST', `/api/projects/${projectId}/credentials`, credential(headerName))).toEqual({
        code: 'bad_request',
        message: `Invalid HTTP header (API Request) credentials: ${HEADER_NAME_MESSAGE}`,
        fields: ['headerName'],
      });
    }
    const made = await weft.request('POST', `/api/projects/${projectId}/credentials`, credential('X-Api-Key'));
    expect(made.status).toBe(201);
  });
});
