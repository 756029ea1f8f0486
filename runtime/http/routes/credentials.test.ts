/** Credentials over HTTP, through the whole server: CRUD, validation, masking, the forms route. */
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialKey } from '../../services/stores/credentials.ts';
import { credentialForms } from '../../../catalogue/credentials/index.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

let weft: TestWeft;
let projectId = '';
const secret = 'sk-live-THIS-IS-THE-SECRET-0042';

beforeAll(async () => {
  weft = await startTestWeft();
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Credentials' })).id;
});
afterAll(() => weft?.close());

const base = () => `/api/projects/${projectId}/credentials`;
const crawl = (name: string) => ({ name, credential_type: 'crawlService', credentials: { apiKey: secret, hostUrl: 'https://crawl.example.com' } });

async function refused(method: string, path: string, body: unknown, status: number): Promise<{ message: string; code: string }> {
  const answer = await weft.request(method, path, body);
  expect(answer.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(status);
  return ((await answer.json()) as { error: { message: string; code: string } }).error;
}

describe('GET /api/catalogue/credentials', () => {
  it('serves every credential form as data', async () => {
    const forms = await weft.api<{ type: string; fields: { name: string }[] }[]>('GET', '/api/catalogue/credentials');
    expect(forms).toEqual(JSON.parse(JSON.stringify(credentialForms)));
    // open, like the node catalogue (forms are data, no secret)
    expect((await weft.anonymous.request('GET', '/api/catalogue/credentials')).status).toBe(200);
  });
});

describe('credentials CRUD', () => {
  it('creates, reads, finds by name, lists, updates and deletes — always masked, never the secret', async () => {
    const created = await weft.request('POST', base(), crawl('crawler'));
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const view = (await created.json()) as { id: string; credentials: Record<string, unknown>; marketplace_id: unknown; is_active: boolean };
    expect(view).toMatchObject({ name: 'crawler', credential_type: 'crawlService', marketplace_id: null, is_active: true, project_id: projectId });
    expect(view.credentials).toEqual({ apiKey: '••••0042', hostUrl: 'https://crawl.example.com' });
    const answers = [
      await weft.api('GET', base()),
      await weft.api('GET', `${base()}/${view.id}`),
      await weft.api('GET', `${base()}/by-name/crawler`),
      await weft.api('PUT', `${base()}/${view.id}`, { ...view, is_active: false }),
    ];
    for (const answer of answers) expect(JSON.stringify(answer)).not.toContain(secret);
    expect(answers[3]).toMatchObject({ is_active: false, credentials: { apiKey: '••••0042' } });
    expect((await weft.request('DELETE', `${base()}/${view.id}`)).status).toBe(204);
    expect((await refused('GET', `${base()}/${view.id}`, undefined, 404)).message).toBe('Credential not found');
  });

  it("answers the spec's text for a name the project does not have", async () => {
    expect(await refused('GET', `${base()}/by-name/nowhere`, undefined, 404)).toEqual({
      message: 'Credential with name nowhere not found, please check the credential name and try again',
      code: 'not_found',
    });
  });

  it('takes the marketplace id of the type’s form unless one is sent', async () => {
    const smtp = await weft.api<{ marketplace_id: unknown }>('POST', base(), {
      name: 'mail',
      credential_type: 'smtp',
      credentials: { senderEmail: 'a@b.c', senderName: 'A', host: 'smtp.b.c', port: 587, username: 'a', password: 'pw' },
    });
    expect(smtp.marketplace_id).toBe(18);
    expect((await weft.api<{ marketplace_id: unknown }>('POST', base(), { ...crawl('with-id'), marketplace_id: 99 })).marketplace_id).toBe(99);
  });

  it('refuses bad input with a clear 400 that never echoes a value', async () => {
    const cases: [unknown, string][] = [
      [{ credential_type: 'crawlService', credentials: { apiKey: 'k' } }, 'A credential needs a name (name: a non-empty string)'],
      [{ name: 'n', credential_type: 'nope', credentials: { apiKey: 'k' } }, 'Unknown credential_type nope'],
      [{ name: 'n', credential_type: 'crawlService' }, 'A credential needs its credentials: a JSON object with at least one field'],
      [{ name: 'n', credential_type: 'crawlService', credentials: { hostUrl: 'h' } }, 'Invalid Crawl service credentials: API key is required'],
      [{ ...crawl('n'), is_active: 'yes' }, 'is_active must be true or false'],
      [{ ...crawl('n'), marketplace_id: -1 }, 'marketplace_id must be a whole number, a non-empty string or null'],
      [{ ...crawl('n'), owner: 'me' }, 'Unknown field owner'],
      [
        { name: 'pg', credential_type: 'postgres', credentials: { host: 'h', port: 'five', dbName: 'd', username: 'u', password: secret, sslMode: 'sometimes' } },
        'Invalid Postgres credentials: Port must be a number; SSL mode must be one of: disable, allow, prefer, require, verify-ca, verify-full',
      ],
    ];
    for (const [body, message] of cases) {
      const error = await refused('POST', base(), body, 400);
      expect(error.message).toContain(message);
      expect(error.message).not.toContain(secret);
    }
  });

  it('refuses a second credential of the same name with 409', async () => {
    await weft.api('POST', base(), crawl('twice'));
    expect(await refused('POST', base(), crawl('twice'), 409)).toEqual({ message: 'A credential named twice already exists in this project', code: 'conflict' });
  });

  it('answers 404 for another project’s credential and an unknown project', async () => {
    const other = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Elsewhere' })).id;
    const mine = await weft.api<{ id: string }>('POST', base(), crawl('mine'));
    await refused('GET', `/api/projects/${other}/credentials/${mine.id}`, undefined, 404);
    await refused('PUT', `/api/projects/${other}/credentials/${mine.id}`, { is_active: false }, 404);
    await refused('DELETE', `/api/projects/${other}/credentials/${mine.id}`, undefined, 404);
    await refused('GET', '/api/projects/proj_nope/credentials', undefined, 404);
    expect(await weft.api('GET', `${base()}/${mine.id}`)).toMatchObject({ is_active: true });
  });
});

describe('tenant isolation', () => {
  it('refuses credentials and API keys of a project to anyone outside its organisation (404) and to anonymous callers (401)', async () => {
    const mine = await weft.api<{ id: string }>('POST', base(), crawl('isolated'));
    const key = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/api-keys`, { name: 'isolated' });
    const stranger = await weft.createUser({ name: 'Stranger' });
    const attempts: [string, string, unknown?][] = [
      ['GET', base()],
      ['POST', base(), crawl('intruder')],
      ['GET', `${base()}/${mine.id}`],
      ['GET', `${base()}/by-name/isolated`],
      ['PUT', `${base()}/${mine.id}`, { is_active: false }],
      ['DELETE', `${base()}/${mine.id}`],
      ['GET', `/api/projects/${projectId}/api-keys`],
      ['POST', `/api/projects/${projectId}/api-keys`, { name: 'intruder' }],
      ['DELETE', `/api/projects/${projectId}/api-keys/${key.id}`],
    ];
    for (const [method, path, body] of attempts) {
      const foreign = await stranger.request(method, path, body);
      expect(foreign.status, `stranger ${method} ${path}`).toBe(404);
      expect(((await foreign.json()) as { error: { message: string } }).error.message).toBe('Project not found');
      const anonymous = await weft.anonymous.request(method, path, body);
      expect(anonymous.status, `anonymous ${method} ${path}`).toBe(401);
    }
    expect(await weft.api('GET', `${base()}/${mine.id}`)).toMatchObject({ name: 'isolated', is_active: true });
    expect((await weft.api<{ id: string }[]>('GET', `/api/projects/${projectId}/api-keys`)).some((k) => k.id === key.id)).toBe(true);
    expect((await weft.api<{ name: string }[]>('GET', base())).some((c) => c.name === 'intruder')).toBe(false);
  });
});

describe('a credential that no longer opens', () => {
  it("answers 422 with the spec's text when its secrets are needed, and is repaired by sending every value anew", async () => {
    const created = await weft.api<{ id: string; credentials: Record<string, unknown> }>('POST', base(), crawl('broken'));
    const redis = new Redis(process.env.REDIS_URL!);
    try {
      const key = credentialKey(weft.prefix, projectId, created.id);
      const stored = JSON.parse((await redis.get(key))!);
      const bytes = Buffer.from(stored.credentials, 'hex');
      bytes[bytes.length - 1] ^= 0xff; // the authentication tag
      await redis.set(key, JSON.stringify({ ...stored, credentials: bytes.toString('hex') }));
    } finally {
      redis.disconnect();
    }
    // listing and reading need no decryption: still answered, masked
    expect(await weft.api('GET', `${base()}/${created.id}`)).toMatchObject({ name: 'broken' });
    // keeping the stored secret (a masked value sent back) needs it: refused with the spec's text
    expect(await refused('PUT', `${base()}/${created.id}`, { credentials: created.credentials }, 422)).toEqual({
      message: 'Corrupted or invalid credential, please add the credentials again and try again',
      code: 'corrupted',
    });
    const repaired = await weft.api('PUT', `${base()}/${created.id}`, { credentials: { apiKey: 'a fresh key', hostUrl: 'https://crawl.example.com' } });
    expect(repaired).toMatchObject({ credentials: { apiKey: '••••' } });
    expect(await weft.api('PUT', `${base()}/${created.id}`, { credentials: { apiKey: '••••', hostUrl: 'https://crawl.example.com' } })).toMatchObject({ name: 'broken' });
  });
});

describe('pro credential types', () => {
  it('are refused on the starter plan (403) and allowed on a paid one', async () => {
    const builder = await weft.createUser({ name: 'Pro builder' });
    const project = (await builder.api<{ id: string }>('POST', '/api/projects', { name: 'Pro' })).id;
    const s3 = { name: 'bucket', credential_type: 's3', credentials: { awsAccessKeyId: 'AKIA', awsSecretAccessKey: 'secret-key', awsRegion: 'us-east-1' } };
    const refusedAnswer = await builder.request('POST', `/api/projects/${project}/credentials`, s3);
    expect(refusedAnswer.status).toBe(403);
    expect(await refusedAnswer.json()).toEqual({
      error: { message: "S3 (object storage) credentials need a paid plan: this project's organisation is on the starter plan", code: 'pro_required' },
    });
    const basic = await builder.api<{ id: string }>('POST', `/api/projects/${project}/credentials`, crawl('basic'));
    const switched = await builder.request('PUT', `/api/projects/${project}/credentials/${basic.id}`, { credential_type: 'teamsOauth', credentials: { tenant_id: 't' } });
    expect(switched.status).toBe(403);
    await weft.accounts.organisations.update(builder.organisation.id, { plan: 'team' });
    expect((await builder.request('POST', `/api/projects/${project}/credentials`, s3)).status).toBe(201);
    expect((await builder.request('PUT', `/api/projects/${project}/credentials/${basic.id}`, { credential_type: 'teamsOauth', credentials: { tenant_id: 't' } })).status).toBe(200);
  });
});
