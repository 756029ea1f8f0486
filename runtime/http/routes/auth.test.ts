/** Sign-in, sessions, CSRF and organisations over HTTP, through the whole server. */
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FAILURES } from '../../services/auth/sign-in-limit.ts';
import { cookieOf } from '../../testing/session-client.ts';
import { readSse } from '../../testing/sse-client.ts';
import { SESSION_CHECK_MS } from '../sse.ts';
import { startTestWeft, type TestWeft } from '../../testing/test-weft.ts';

let weft: TestWeft;
let redis: Redis;

beforeAll(async () => {
  weft = await startTestWeft({ concurrency: 2 });
  redis = new Redis(process.env.REDIS_URL!);
});
afterAll(async () => {
  redis?.disconnect();
  await weft?.close();
});

const signIn = (email: string, password: string, headers: Record<string, string> = {}) => weft.anonymous.request('POST', '/api/auth/sign-in', { email, password }, headers);
const errorOf = async (response: Response) => ((await response.json()) as { error: { message: string; code: string } }).error;

describe('sign-in', () => {
  it('answers the user and a CSRF token, and sets an HttpOnly, SameSite=Lax session cookie for the whole site', async () => {
    const { user, password } = await weft.createUser({ name: 'Grace', email: 'Grace@Example.test' });
    const response = await signIn('  grace@example.TEST ', password);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { user: unknown; csrfToken: string };
    expect(body).toEqual({ user: { id: user.id, email: 'grace@example.test', name: 'Grace' }, csrfToken: expect.stringMatching(/^[\w-]{43}$/) });
    const [line] = response.headers.getSetCookie().filter((c) => c.startsWith('weft_session='));
    const attributes = line.split(';').map((a) => a.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
    expect(attributes.some((a) => a.startsWith('expires='))).toBe(true);
    expect(attributes).not.toContain('secure'); // plain HTTP on loopback; set under TLS
    expect(line).toMatch(/^weft_session=[\w-]{43};/);
    expect(JSON.stringify(body)).not.toContain('passwordHash');
  });

  it('refuses a wrong password and an unknown email with the same 401', async () => {
    const { user } = await weft.createUser();
    for (const [email, password] of [
      [user.email, 'not-the-password'],
      ['nobody@weft.test', 'not-the-password'],
    ]) {
      const response = await signIn(email, password);
      expect(response.status).toBe(401);
      expect(await errorOf(response)).toEqual({ message: 'Invalid email or password', code: 'invalid_credentials' });
      expect(cookieOf(response, 'weft_session')).toBeNull();
    }
  });

  it('refuses a body without email and password with 400', async () => {
    const response = await weft.anonymous.request('POST', '/api/auth/sign-in', { email: 'a@b.c' });
    expect(response.status).toBe(400);
  });

  it(`locks one email out from one address after ${MAX_FAILURES} failures, even for the right password; others still get in`, async () => {
    const { user, password } = await weft.createUser();
    for (let i = 0; i < MAX_FAILURES; i++) expect((await signIn(user.email, 'wrong-password')).status).toBe(401);
    const locked = await signIn(user.email, password);
    expect(locked.status).toBe(429);
    expect((await errorOf(locked)).message).toBe('Too many failed sign-ins: try again in 15 minutes');
    expect((await signIn(weft.admin.user.email, weft.admin.password)).status).toBe(200);
    const keys = await redis.keys(`${weft.prefix}sign-in-failures:*`);
    const counts = await Promise.all(keys.map((k) => redis.get(k)));
    const key = keys[counts.indexOf(String(MAX_FAILURES))];
    expect(key).toMatch(/:sign-in-failures:[0-9a-f]{64}$/);
    expect(await redis.ttl(key)).toBeGreaterThan(14 * 60);
  });

  it('keeps the password as a salted scrypt hash, never the password itself', async () => {
    const a = await weft.createUser({ password: 'same-password-1' });
    const b = await weft.createUser({ password: 'same-password-1' });
    const stored = await Promise.all([a, b].map(async (u) => JSON.parse((await redis.get(`${weft.prefix}user:${u.user.id}`))!) as { passwordHash: string }));
    for (const { passwordHash } of stored) {
      expect(passwordHash).toMatch(/^scrypt:16384:8:1:[\w+/=]+:[\w+/=]+$/);
      expect(passwordHash).not.toContain('same-password-1');
    }
    expect(stored[0].passwordHash).not.toBe(stored[1].passwordHash);
    expect(await redis.get(`${weft.prefix}user-email:${a.user.email}`)).toBe(a.user.id);
  });
});

describe('sessions', () => {
  it('answers me: the user, their organisations with roles, the CSRF token', async () => {
    const me = await weft.api<{ user: unknown; organisations: unknown[]; csrfToken: string }>('GET', '/api/auth/me');
    expect(me).toEqual({
      user: weft.user,
      organisations: [{ id: weft.admin.organisation.id, slug: weft.admin.organisation.slug, name: 'Admin', role: 'owner' }],
      csrfToken: weft.csrfToken,
    });
  });

  it('keeps sessions in Redis under the hash of their id, with a 7-day TTL', async () => {
    const sessionId = weft.headers.cookie.split('=')[1];
    expect(await redis.keys(`${weft.prefix}session:${sessionId}`)).toEqual([]);
    const keys = await redis.keys(`${weft.prefix}session:*`);
    const fields = await Promise.all(keys.map((k) => redis.hgetall(k)));
    const mine = keys[fields.findIndex((f) => f.csrfToken === weft.csrfToken)];
    expect(mine).toMatch(new RegExp(`^${weft.prefix}session:[0-9a-f]{64}$`));
    expect(await redis.ttl(mine)).toBeGreaterThan(7 * 24 * 3600 - 60);
  });

  it('signs out: 204, the cookie cleared, the session dead', async () => {
    const client = await weft.createUser();
    expect((await client.request('GET', '/api/auth/me')).status).toBe(200);
    const out = await client.request('POST', '/api/auth/sign-out');
    expect(out.status).toBe(204);
    expect(cookieOf(out, 'weft_session')).toBe('weft_session=');
    const after = await client.request('GET', '/api/auth/me');
    expect(after.status).toBe(401);
    expect(await errorOf(after)).toEqual({ message: 'Sign in first', code: 'unauthorized' });
    // without a session sign-out is still 204
    expect((await weft.anonymous.request('POST', '/api/auth/sign-out')).status).toBe(204);
  });

  it('ends the session’s open event streams soon after signing out', async () => {
    const client = await weft.createUser();
    const project = await client.api<{ id: string }>('POST', '/api/projects', { name: 'Streams' });
    const flow = await client.api<{ id: string }>('POST', `/api/projects/${project.id}/flows`, {
      name: 'Live',
      nodes: [{ id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: {} }],
      edges: [],
    });
    const stream = readSse(`${weft.url}/api/flows/${flow.id}/live`, { headers: client.headers, timeoutMs: SESSION_CHECK_MS * 3 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const signedOutAt = Date.now();
    expect((await client.request('POST', '/api/auth/sign-out')).status).toBe(204);
    // the server ends the stream well before readSse's own timeout (3 checks) would
    expect(await stream).toEqual([]);
    expect(Date.now() - signedOutAt).toBeLessThan(SESSION_CHECK_MS * 2);
  }, 30_000);

  it('refuses a made-up or stale cookie with 401 and tells the browser to drop it', async () => {
    const response = await weft.anonymous.request('GET', '/api/projects', undefined, { cookie: 'weft_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(response.status).toBe(401);
    expect(cookieOf(response, 'weft_session')).toBe('weft_session=');
  });

  it('changes the password: the old one stops working, other sessions end, a wrong current one is 403', async () => {
    const client = await weft.createUser();
    const elsewhere = await weft.signIn(client.user.email, client.password);
    const wrong = await client.request('PUT', '/api/auth/password', { currentPassword: 'nope-nope', newPassword: 'a-new-password' });
    expect(wrong.status).toBe(403);
    const short = await client.request('PUT', '/api/auth/password', { currentPassword: client.password, newPassword: 'short' });
    expect(short.status).toBe(400);
    expect((await client.request('PUT', '/api/auth/password', { currentPassword: client.password, newPassword: 'a-new-password' })).status).toBe(204);
    expect((await elsewhere.request('GET', '/api/auth/me')).status).toBe(401);
    expect((await client.request('GET', '/api/auth/me')).status).toBe(200);
    expect((await signIn(client.user.email, client.password)).status).toBe(401);
    expect((await signIn(client.user.email, 'a-new-password')).status).toBe(200);
  });
});

describe('CSRF', () => {
  it('refuses a cookie-authenticated write without the session token, or with another one, with 403', async () => {
    const other = await weft.createUser();
    for (const headers of [{ 'x-csrf-token': '' }, { 'x-csrf-token': other.csrfToken }, { 'x-csrf-token': `${weft.csrfToken}x` }]) {
      const response = await weft.anonymous.request('POST', '/api/projects', { name: 'Forged' }, { cookie: weft.headers.cookie, ...headers });
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toEqual({ message: 'Invalid CSRF token', code: 'invalid_csrf' });
    }
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const response = await weft.anonymous.request(method, '/api/flows/flow_anything', {}, { cookie: weft.headers.cookie });
      expect(response.status, method).toBe(403);
    }
    const names = (await weft.api<{ name: string }[]>('GET', '/api/projects')).map((p) => p.name);
    expect(names).not.toContain('Forged');
    // reads need no token; sign-out with a session does
    expect((await weft.anonymous.request('GET', '/api/projects', undefined, { cookie: weft.headers.cookie })).status).toBe(200);
    expect((await weft.anonymous.request('POST', '/api/auth/sign-out', undefined, { cookie: weft.headers.cookie })).status).toBe(403);
    expect((await weft.request('GET', '/api/auth/me')).status).toBe(200);
  });
});

describe('without a session', () => {
  const studioRoutes: [string, string][] = [
    ['GET', '/api/auth/me'],
    ['PUT', '/api/auth/password'],
    ['GET', '/api/organisations'],
    ['POST', '/api/organisations'],
    ['GET', '/api/organisations/org_x'],
    ['PUT', '/api/organisations/org_x'],
    ['GET', '/api/organisations/org_x/members'],
    ['POST', '/api/organisations/org_x/members'],
    ['PUT', '/api/organisations/org_x/members/user_x'],
    ['DELETE', '/api/organisations/org_x/members/user_x'],
    ['GET', '/api/projects'],
    ['POST', '/api/projects'],
    ['GET', '/api/projects/proj_x'],
    ['GET', '/api/projects/proj_x/flows'],
    ['POST', '/api/projects/proj_x/flows'],
    ['GET', '/api/flows/flow_x'],
    ['PUT', '/api/flows/flow_x'],
    ['DELETE', '/api/flows/flow_x'],
    ['POST', '/api/flows/flow_x/deploy'],
    ['POST', '/api/flows/flow_x/runs'],
    ['GET', '/api/flows/flow_x/runs'],
    ['GET', '/api/flows/flow_x/live'],
    ['GET', '/api/runs/run_x'],
    ['POST', '/api/runs/run_x/cancel'],
    ['GET', '/api/runs/run_x/actors'],
    ['GET', '/api/runs/run_x/events'],
    ['GET', '/api/projects/proj_x/credentials'],
    ['POST', '/api/projects/proj_x/credentials'],
    ['GET', '/api/projects/proj_x/credentials/cred_x'],
    ['PUT', '/api/projects/proj_x/credentials/cred_x'],
    ['DELETE', '/api/projects/proj_x/credentials/cred_x'],
    ['GET', '/api/projects/proj_x/credentials/by-name/x'],
    ['GET', '/api/projects/proj_x/api-keys'],
    ['POST', '/api/projects/proj_x/api-keys'],
    ['DELETE', '/api/projects/proj_x/api-keys/key_x'],
    ['GET', '/api/projects/proj_x/usage'],
    ['GET', '/api/projects/proj_x/logs'],
    ['GET', '/api/no-such-route'],
  ];

  it.each(studioRoutes)('%s %s answers 401 Sign in first', async (method, path) => {
    const response = await weft.anonymous.request(method, path, method === 'GET' || method === 'DELETE' ? undefined : {});
    expect(response.status).toBe(401);
    expect(await errorOf(response)).toEqual({ message: 'Sign in first', code: 'unauthorized' });
  });

  it('leaves health, the catalogues, sign-in and the editor open', async () => {
    expect((await weft.anonymous.request('GET', '/api/health')).status).toBe(200);
    expect((await weft.anonymous.request('GET', '/api/catalogue')).status).toBe(200);
    expect((await weft.anonymous.request('GET', '/api/catalogue/credentials')).status).toBe(200);
    expect((await signIn(weft.admin.user.email, weft.admin.password)).status).toBe(200);
    expect((await weft.anonymous.request('GET', '/')).status).not.toBe(401);
  });
});

describe('organisations', () => {
  it('creates an organisation owned by its maker, lists it, and puts projects in it on request', async () => {
    const client = await weft.createUser();
    const created = await client.api<{ id: string; plan: string; role: string; cluster: unknown }>('POST', '/api/organisations', { name: '  Second Org ' });
    expect(created).toMatchObject({ name: 'Second Org', slug: expect.stringMatching(/^second-org-[0-9a-f]{6}$/), plan: 'starter', role: 'owner', cluster: { id: 'embedded', config: { tenancy: 'project' } } });
    const mine = await client.api<{ id: string; role: string }[]>('GET', '/api/organisations');
    expect(mine.map((o) => [o.id, o.role])).toEqual([
      [client.organisation.id, 'owner'],
      [created.id, 'owner'],
    ]);
    const byDefault = await client.api<{ organisationId: string }>('POST', '/api/projects', { name: 'First' });
    expect(byDefault).toMatchObject({
      organisationId: client.organisation.id,
      organisation: { id: client.organisation.id, slug: client.organisation.slug, name: client.organisation.name },
      plan: 'starter',
      cluster: { id: 'embedded', config: { tenancy: 'project' } },
    });
    const placed = await client.api<{ organisationId: string }>('POST', '/api/projects', { name: 'Second', organisationId: created.id });
    expect(placed.organisationId).toBe(created.id);
    expect((await client.request('POST', '/api/organisations', { name: ' ' })).status).toBe(400);
    expect(await client.api('PUT', `/api/organisations/${created.id}`, { name: 'Renamed', plan: 'enterprise' })).toMatchObject({ name: 'Renamed', plan: 'starter', role: 'owner' });
  });

  it('invites by email with the same answer for known and unknown emails; nobody joins without accepting', async () => {
    const owner = await weft.createUser();
    const existing = await weft.createUser();
    const org = owner.organisation.id;
    const invite = (email: string, role?: string) => owner.request('POST', `/api/organisations/${org}/members`, role ? { email, role } : { email });
    const known = await invite(existing.user.email, 'owner');
    const unknown = await invite('Fresh@weft.test');
    expect([known.status, unknown.status]).toEqual([202, 202]);
    const sent = (await known.json()) as { invitation: { email: string; role: string }; acceptPath: string };
    const fresh = (await unknown.json()) as typeof sent;
    const shape = { invitation: { id: expect.any(String), organisationId: org, email: expect.any(String), role: expect.any(String), expiresAt: expect.any(Number) }, acceptPath: expect.stringMatching(/^\/invitations\/[\w-]+$/) };
    expect([sent, fresh]).toEqual([shape, shape]);
    expect(Object.keys(sent).sort()).toEqual(Object.keys(fresh).sort());
    expect(fresh.invitation).toMatchObject({ email: 'fresh@weft.test', role: 'member' });
    // not a member until they accept
    expect((await existing.api<{ id: string }[]>('GET', '/api/organisations')).map((o) => o.id)).toEqual([existing.organisation.id]);
    const token = sent.acceptPath.split('/').pop()!;
    expect(await weft.anonymous.api('GET', `/api/invitations/${token}`)).toEqual({ organisation: { id: org, name: owner.organisation.name }, email: existing.user.email, role: 'owner', expiresAt: expect.any(Number) });
    // the email has an account: signed out, it must sign in first; signed in as someone else, refused
    const signedOut = await weft.anonymous.request('POST', `/api/invitations/${token}/accept`, { name: 'X', password: 'password-123' });
    expect([signedOut.status, (await errorOf(signedOut)).message]).toEqual([409, `Sign in as ${existing.user.email} to accept this invitation`]);
    const stranger = await weft.createUser();
    const wrong = await stranger.request('POST', `/api/invitations/${token}/accept`, {});
    expect([wrong.status, (await errorOf(wrong)).message]).toEqual([403, `This invitation is for ${existing.user.email}: sign in with that address to accept it`]);
    expect(await existing.api('POST', `/api/invitations/${token}/accept`, {})).toMatchObject({ organisation: { id: org, role: 'owner' }, user: existing.user });
    expect((await existing.api<{ id: string }[]>('GET', '/api/organisations')).map((o) => o.id)).toEqual([org, existing.organisation.id]);
    expect((await existing.request('POST', `/api/invitations/${token}/accept`, {})).status).toBe(404);
    expect((await existing.request('PUT', `/api/organisations/${org}`, { name: 'Mine' })).status).toBe(200);
    // no account: the link makes one (name and password) and signs in
    const freshToken = fresh.acceptPath.split('/').pop()!;
    const made = await weft.anonymous.request('POST', `/api/invitations/${freshToken}/accept`, { name: 'Fresh', password: 'fresh-password-1' });
    expect(made.status).toBe(200);
    expect(made.headers.get('set-cookie')).toMatch(/weft_session=/);
    expect(await made.json()).toMatchObject({ organisation: { id: org, role: 'member' }, user: { email: 'fresh@weft.test', name: 'Fresh' }, csrfToken: expect.any(String) });
    const newcomer = await weft.signIn('fresh@weft.test', 'fresh-password-1');
    expect((await newcomer.api<{ id: string }[]>('GET', '/api/organisations')).map((o) => o.id)).toEqual([org]);
  });

  it('refuses bad invitations and lets owners list and revoke pending ones; members may not invite', async () => {
    const owner = await weft.createUser();
    const org = owner.organisation.id;
    for (const [body, message] of [
      [{ email: 'x@weft.test', password: 'whatever-12' }, 'Unknown field password: people join by invitation, send {email, role}'],
      [{ email: 'not-an-email' }, 'An invitation needs an email address (email)'],
      [{ email: 'x@weft.test', role: 'boss' }, 'role must be owner or member'],
    ] as const) {
      const answer = await owner.request('POST', `/api/organisations/${org}/members`, body);
      expect([answer.status, (await errorOf(answer)).message]).toEqual([400, message]);
    }
    const sent = await owner.api<{ invitation: { id: string }; acceptPath: string }>('POST', `/api/organisations/${org}/members`, { email: 'later@weft.test' });
    expect((await owner.api<{ id: string; email: string }[]>('GET', `/api/organisations/${org}/invitations`)).map((i) => i.email)).toEqual(['later@weft.test']);
    expect((await owner.request('DELETE', `/api/organisations/${org}/invitations/${sent.invitation.id}`)).status).toBe(204);
    expect((await owner.api<unknown[]>('GET', `/api/organisations/${org}/invitations`))).toEqual([]);
    expect((await weft.anonymous.request('GET', `/api/invitations/${sent.acceptPath.split('/').pop()}`)).status).toBe(404);
    expect((await weft.anonymous.request('GET', '/api/invitations/not-a-token')).status).toBe(404);
    expect((await owner.request('DELETE', `/api/organisations/${org}/invitations/${sent.invitation.id}`)).status).toBe(404);
    const member = await weft.createUser({ organisationId: org });
    const refused = await member.request('POST', `/api/organisations/${org}/members`, { email: 'x@weft.test' });
    expect([refused.status, await errorOf(refused)]).toEqual([403, { message: 'Only an owner of the organisation can do this', code: 'forbidden' }]);
    expect((await member.request('GET', `/api/organisations/${org}/invitations`)).status).toBe(403);
    expect((await member.request('PUT', `/api/organisations/${org}`, { name: 'Mine' })).status).toBe(403);
  });

  it('lets owners change roles and remove members; the last owner stays', async () => {
    const owner = await weft.createUser();
    const org = owner.organisation.id;
    const sent = await owner.api<{ acceptPath: string }>('POST', `/api/organisations/${org}/members`, { email: 'Newcomer@weft.test' });
    const added = (await weft.anonymous.api<{ user: { id: string } }>('POST', `/api/invitations/${sent.acceptPath.split('/').pop()}/accept`, { name: 'Newcomer', password: 'newcomer-password' })).user;
    const newcomer = await weft.signIn('newcomer@weft.test', 'newcomer-password');
    const project = await owner.api<{ id: string }>('POST', '/api/projects', { name: 'Shared' });
    expect((await newcomer.api<{ id: string }[]>('GET', '/api/projects')).map((p) => p.id)).toEqual([project.id]);
    expect((await owner.request('PUT', `/api/organisations/${org}/members/${owner.user.id}`, { role: 'member' })).status).toBe(409);
    expect(await owner.api('PUT', `/api/organisations/${org}/members/${added.id}`, { role: 'owner' })).toMatchObject({ role: 'owner' });
    const members = await owner.api<{ id: string; role: string }[]>('GET', `/api/organisations/${org}/members`);
    expect(members.map((m) => m.role).sort()).toEqual(['owner', 'owner']);
    expect((await owner.request('DELETE', `/api/organisations/${org}/members/${added.id}`)).status).toBe(204);
    expect((await newcomer.api<unknown[]>('GET', '/api/projects'))).toEqual([]);
    expect((await newcomer.request('GET', `/api/projects/${project.id}`)).status).toBe(404);
    expect((await owner.request('DELETE', `/api/organisations/${org}/members/${owner.user.id}`)).status).toBe(409);
  });
});
