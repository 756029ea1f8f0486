/**
 * Browser test: the account pages — sign in and out; a credential created with its type's
 * form, edited, deactivated and deleted, its secret never shown again (not in the page, not in
 * any answer the browser received); an API key shown once, listed masked, revoked; usage; logs
 * with filters; the organisation and project switchers.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeSel, pick } from './testing/canvas-actions.ts';
import { gradeFlow } from './testing/fixtures.ts';
import { openStudio, type Studio } from './testing/studio-browser.ts';

let studio: Studio;
let projectId = '';
/** every answer body the browser received from the server, from the start */
const answers: { url: string; body: string }[] = [];
const secret = `pg-pass-${randomUUID()}`;

beforeAll(async () => {
  studio = await openStudio('account');
  studio.page.on('response', async (response) => {
    if (!response.url().startsWith(studio.weft.url)) return;
    const body = await response.text().catch(() => '');
    answers.push({ url: response.url(), body });
  });
  projectId = (await studio.project('Account pages')).id;
}, 120_000);
afterAll(async () => studio?.close());

/** what the page holds: its HTML and every field's current value */
const pageText = () =>
  studio.page.evaluate(() => document.documentElement.outerHTML + [...document.querySelectorAll('input, textarea')].map((el) => (el as HTMLInputElement).value).join('\n'));

describe('signing in', () => {
  it('signs out, refuses a wrong password, and signs in back to the same page', async () => {
    const { page, weft, shot } = studio;
    await page.goto(`${weft.url}/projects/${projectId}/usage`);
    await page.getByTestId('usage-section').waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByTestId('sign-in').waitFor();
    // the session is gone on the server too
    expect((await page.request.get(`${weft.url}/api/auth/me`)).status()).toBe(401);
    await page.getByLabel('Email').fill(weft.admin.user.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid email or password');
    await shot('wrong-password');
    await studio.signIn();
    expect(new URL(page.url()).pathname).toBe(`/projects/${projectId}/usage`);
    await page.getByTestId('usage-section').waitFor();
    expect(await page.getByTestId('usage-plan').textContent()).toBeTruthy();
    await shot('usage');
  });

  it('shows the sign-in page when the session ends while working', async () => {
    const { page, weft } = studio;
    await page.context().clearCookies();
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByTestId('sign-in').waitFor();
    expect(await page.getByTestId('sign-in').textContent()).toContain('Your session has ended');
    await studio.signIn();
    expect(new URL(page.url()).pathname).toBe(`/projects/${projectId}/api-keys`);
    await page.getByTestId('api-keys-section').waitFor();
    expect(weft.url).toBeTruthy();
  });

  it('keeps working after a sign-in in another tab replaced the session', async () => {
    const { page, weft } = studio;
    // another tab of this browser signs in (same cookie jar): the server ends this tab's session
    const signed = await page.request.post(`${weft.url}/api/auth/sign-in`, { data: { email: weft.admin.user.email, password: weft.admin.password } });
    expect(signed.status()).toBe(200);
    // this tab's CSRF token belongs to the ended session: the write takes the new one
    await page.getByLabel('API key name').fill('After another sign-in');
    await page.getByRole('button', { name: 'Create API key' }).click();
    await page.getByTestId('new-api-key').waitFor();
    // the first try was refused, the second (with the current token) made the key
    expect(answers.filter((a) => a.body.includes('Invalid CSRF token')).length).toBe(1);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    const row = page.getByTestId('api-key-row').filter({ hasText: 'After another sign-in' });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await row.getByRole('button', { name: 'Revoke' }).last().click();
    await expect.poll(() => page.getByTestId('api-key-row').count()).toBe(0);
  });
});

describe('credentials', () => {
  it('creates a credential with the typed form of its type; the secret is never shown again', async () => {
    const { page, weft, shot } = studio;
    await page.goto(`${weft.url}/projects/${projectId}/credentials`);
    // a starter-plan project cannot have Pro credential types
    await expect.poll(() => page.getByLabel('Credential type').locator('option', { hasText: 'S3' }).textContent()).toContain('needs a paid plan');
    expect(await page.getByLabel('Credential type').locator('option', { hasText: 'S3' }).isDisabled()).toBe(true);
    await page.getByLabel('Credential type').selectOption({ label: 'Postgres' });
    await page.getByRole('button', { name: 'New credential' }).click();
    const editor = page.getByTestId('credential-editor');
    // the certificate fields show only for verify-ca / verify-full
    expect(await editor.getByTestId('field-ca_certificate').count()).toBe(0);
    await editor.getByLabel('SSL mode').selectOption('verify-full');
    await editor.getByTestId('field-ca_certificate').waitFor();
    await editor.getByLabel('SSL mode').selectOption('disable');
    await editor.getByLabel('Credential Name').fill('Orders database');
    await editor.getByLabel('Host').fill('db.example.com');
    await editor.getByLabel('Database').fill('orders');
    await editor.getByLabel('Username').fill('reader');
    expect(await editor.getByRole('button', { name: 'Save credential' }).isDisabled()).toBe(true);
    await editor.getByLabel(/^Password/).fill(secret);
    expect(await editor.getByLabel(/^Password/).getAttribute('type')).toBe('password');
    await shot('credential-form');
    await editor.getByRole('button', { name: 'Save credential' }).click();
    const row = page.getByTestId('credential-row').filter({ hasText: 'Orders database' });
    await row.waitFor();
    await expect.poll(() => editor.count()).toBe(0);
    expect(await row.textContent()).toContain('host: db.example.com');
    await shot('credential-saved');

    const [stored] = await weft.api<{ name: string; credential_type: string; is_active: boolean; credentials: Record<string, unknown> }[]>('GET', `/api/projects/${projectId}/credentials`);
    expect(stored).toMatchObject({ name: 'Orders database', credential_type: 'postgres', is_active: true });
    expect(stored.credentials).toMatchObject({ host: 'db.example.com', port: 5432, dbName: 'orders', username: 'reader', sslMode: 'disable' });
    expect(stored.credentials.password).toMatch(/^••••/);

    expect(await pageText()).not.toContain(secret);
    expect(answers.length).toBeGreaterThan(5);
    expect(answers.filter((a) => a.body.includes(secret)).map((a) => a.url)).toEqual([]);
  });

  it('edits a credential without showing or losing its secret', async () => {
    const { page } = studio;
    const row = page.getByTestId('credential-row').filter({ hasText: 'Orders database' });
    const [before] = await studio.weft.api<{ credentials: { password: string } }[]>('GET', `/api/projects/${projectId}/credentials`);
    const maskBefore = before.credentials.password;
    await row.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByTestId('credential-editor');
    const password = editor.getByLabel(/^Password/);
    expect(await password.inputValue()).toBe('');
    expect(await password.getAttribute('placeholder')).toContain('unchanged');
    expect(await editor.getByLabel('Host').inputValue()).toBe('db.example.com');
    await editor.getByLabel('Host').fill('db2.example.com');
    const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/credentials/'));
    await editor.getByRole('button', { name: 'Save changes' }).click();
    const sent = (await put).postDataJSON() as { credentials: Record<string, unknown> };
    expect(sent.credentials.password).toBe(maskBefore);
    await expect.poll(() => row.textContent()).toContain('host: db2.example.com');
    const [stored] = await studio.weft.api<{ credentials: Record<string, unknown> }[]>('GET', `/api/projects/${projectId}/credentials`);
    // the same secret is stored: its mask (its last characters) did not change
    expect(stored.credentials.password).toBe(maskBefore);
    expect(await pageText()).not.toContain(secret);
    expect(answers.filter((a) => a.body.includes(secret)).map((a) => a.url)).toEqual([]);
  });

  it('deactivates, activates and deletes a credential (with confirmation)', async () => {
    const { page, shot } = studio;
    const row = page.getByTestId('credential-row').filter({ hasText: 'Orders database' });
    await row.getByRole('button', { name: 'Deactivate' }).click();
    await expect.poll(() => row.locator('.pill').textContent()).toBe('inactive');
    await row.getByRole('button', { name: 'Activate' }).click();
    await expect.poll(() => row.locator('.pill').textContent()).toBe('active');
    await row.getByRole('button', { name: 'Delete' }).click();
    await shot('credential-confirm-delete');
    await row.getByRole('button', { name: 'Delete', exact: true }).last().click();
    await expect.poll(() => page.getByTestId('credential-row').count()).toBe(0);
    expect(await studio.weft.api('GET', `/api/projects/${projectId}/credentials`)).toEqual([]);
  });
});

describe('a session that ends while editing', () => {
  it('keeps the canvas and its edit under the sign-in page, and saves it after signing in again', async () => {
    const { page, weft, shot } = studio;
    const flow = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, gradeFlow);
    await page.goto(`${weft.url}/flows/${flow.id}`);
    await page.locator('[data-testid="canvas"][data-ready="true"]').waitFor();
    await page.context().clearCookies();
    const title = page.locator('.toolbar').getByLabel('Flow name');
    await title.fill('Grade, edited while signed out');
    await title.press('Enter');
    await page.getByTestId('sign-in').waitFor();
    expect(await page.getByTestId('canvas').count()).toBe(1);
    await shot('session-ended-over-canvas');
    await studio.signIn();
    await expect.poll(() => page.getByTestId('save-status').getAttribute('data-state'), { timeout: 10_000 }).toBe('saved');
    expect((await weft.api<{ name: string }>('GET', `/api/flows/${flow.id}`)).name).toBe('Grade, edited while signed out');
    await weft.api('DELETE', `/api/flows/${flow.id}`);
  });
});

describe('credentials on the canvas', () => {
  it('shows a node naming a missing or inactive credential before any run, and offers the project\'s credentials', async () => {
    const { page, weft, shot } = studio;
    const flow = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, {
      name: 'Call a partner',
      nodes: [
        { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: {} },
        { id: 'api_1', type: 'apiNode', position: { x: 320, y: 0 }, values: { url: 'http://127.0.0.1:9/items', method: 'GET', credentials: 'Partner API' } },
      ],
      edges: [{ id: 'a1', source: 'webhookTrigger_1', sourceHandle: 'out', target: 'api_1', targetHandle: 'in' }],
    });
    const problem = () => page.locator(`${nodeSel('api_1')} .wn-status--problem`).getAttribute('title');
    await page.goto(`${weft.url}/flows/${flow.id}`);
    await expect.poll(problem).toBe('No credentials found for Partner API');
    await shot('node-missing-credential');
    const created = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/credentials`, {
      name: 'Partner API',
      credential_type: 'httpHeader',
      is_active: false,
      credentials: { headerName: 'Authorization', headerValue: `Bearer ${secret}` },
    });
    await page.reload();
    await expect.poll(problem).toBe('Credential Partner API is inactive');
    await weft.api('PUT', `/api/projects/${projectId}/credentials/${created.id}`, { is_active: true });
    await page.reload();
    await page.locator('[data-testid="canvas"][data-ready="true"]').waitFor();
    await expect.poll(() => page.locator(`${nodeSel('api_1')} .wn-status--problem`).count()).toBe(0);
    await pick(page, 'api_1');
    const select = page.getByTestId('field-credentials').locator('select');
    expect(await select.inputValue()).toBe('Partner API');
    expect(await select.locator('option').allTextContents()).toEqual(['— none —', 'Partner API · httpHeader']);
    expect(await pageText()).not.toContain(secret);
  });
});

describe('API keys, usage and logs', () => {
  let key = '';
  let flowId = '';

  it('shows a new API key once, lists keys masked, and revokes one at once', async () => {
    const { page, weft, shot } = studio;
    await page.goto(`${weft.url}/projects/${projectId}/api-keys`);
    await page.getByLabel('API key name').fill('Shop backend');
    await page.getByRole('button', { name: 'Create API key' }).click();
    key = (await page.getByTestId('new-api-key-value').textContent())!;
    expect(key.length).toBeGreaterThan(20);
    await shot('api-key-created');
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await page.reload();
    await page.getByTestId('api-key-row').waitFor();
    expect(await page.getByTestId('api-key-row').textContent()).toContain(key.slice(-4));
    expect(await pageText()).not.toContain(key);

    const flow = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, gradeFlow);
    flowId = flow.id;
    await weft.api('POST', `/api/flows/${flowId}/deploy`, { status: 'active' });
    const call = (bearer?: string) => weft.anonymous.request('POST', `/hook/${flowId}`, { score: 72 }, bearer ? { authorization: `Bearer ${bearer}` } : {});
    expect((await call(key)).status).toBe(200);
    expect((await call()).status).toBe(401);

    // a second key, revoked: it stops working at once
    await page.getByLabel('API key name').fill('Old caller');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const old = (await page.getByTestId('new-api-key-value').textContent())!;
    expect((await call(old)).status).toBe(200);
    const row = page.getByTestId('api-key-row').filter({ hasText: 'Old caller' });
    await row.getByRole('button', { name: 'Revoke' }).click();
    await row.getByRole('button', { name: 'Revoke' }).last().click();
    await expect.poll(() => page.getByTestId('api-key-row').count()).toBe(1);
    expect((await call(old)).status).toBe(401);
  });

  it('lists production calls in the logs, filtered by severity and flow', async () => {
    const { page, shot } = studio;
    await page.getByRole('link', { name: 'Logs' }).click();
    const rows = page.getByTestId('log-row');
    await expect.poll(async () => (await page.reload(), await page.getByTestId('logs-section').waitFor(), await rows.count()), { timeout: 15_000 }).toBe(4);
    expect(await rows.first().textContent()).toContain('Grade');
    await page.getByLabel('Severity').selectOption('WARN');
    await expect.poll(() => rows.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.severity))).toEqual(['WARN', 'WARN']);
    // refused without a key: no version ran
    expect(await rows.getByTestId('log-version').allTextContents()).toEqual(['', '']);
    await page.getByLabel('Severity').selectOption('INFO');
    await expect.poll(() => rows.count()).toBe(2);
    // each call ran the deployed version 1 (polled: the WARN rows may still be shown)
    await expect.poll(() => rows.getByTestId('log-version').allTextContents(), { timeout: 10_000 }).toEqual(['v1', 'v1']);
    await rows.first().locator('.log-row-main').click();
    expect(await rows.first().locator('.json-view').textContent()).toContain('"responseStatus": 200');
    await shot('logs');
    await page.getByLabel('Flow').selectOption({ label: 'Grade' });
    await expect.poll(() => rows.count()).toBe(2);
    // a logged run opens as a replay on its flow
    if ((await rows.first().locator('.log-row-main').getAttribute('aria-expanded')) !== 'true') await rows.first().locator('.log-row-main').click();
    await rows.first().getByRole('link', { name: /Replay this run/ }).click();
    await page.waitForURL(/\/flows\/flow_[^/]+\/runs\/run_/);
    await expect.poll(() => page.getByTestId('current-run').getAttribute('data-run-id')).toMatch(/^run_/);
    await page.goBack();
    await page.getByTestId('logs-section').waitFor();
    // a time range before the calls holds none of them
    await page.getByLabel('To').fill('2020-01-01T00:00');
    await expect.poll(() => rows.count()).toBe(0);
    expect(flowId).toBeTruthy();
  });

  it('switches projects and organisations', async () => {
    const { page, weft, shot } = studio;
    const other = await studio.project('Second project');
    await page.reload();
    await page.getByTestId('project-switcher').selectOption({ label: 'Second project' });
    await page.waitForURL(`${weft.url}/projects/${other.id}/logs`);
    await page.getByRole('heading', { name: 'Second project' }).waitFor();
    await page.getByTestId('organisation-switcher').selectOption('+');
    await page.getByLabel('Organisation name').fill('Acme');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(`${weft.url}/`);
    await expect.poll(() => page.getByTestId('project-card').count()).toBe(0);
    await page.getByLabel('New project name').fill('Acme bots');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('heading', { name: 'Acme bots' }).waitFor();
    await page.getByRole('link', { name: 'Projects' }).click();
    await expect.poll(() => page.getByTestId('project-card').allTextContents()).toEqual([expect.stringContaining('Acme bots')]);
    await page.getByTestId('organisation-switcher').selectOption({ label: weft.admin.organisation.name });
    await expect.poll(() => page.getByTestId('project-card').count()).toBe(2);
    await shot('organisation-switched');
    expect(studio.errors.filter((e) => !e.includes('401'))).toEqual([]);
  });
});

describe('members and your account', () => {
  it('invites a new person, who joins through the link; changes their role and removes them', async () => {
    const { page, weft, shot, browser } = studio;
    await page.goto(`${weft.url}/`);
    await page.getByTestId('organisation-switcher').selectOption({ label: weft.admin.organisation.name });
    await page.getByRole('link', { name: 'Members' }).click();
    await page.waitForURL(`${weft.url}/members`);
    const rows = page.getByTestId('member-row');
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByLabel('Invite email').fill('grace@weft.test');
    await page.getByRole('button', { name: 'Invite' }).click();
    const link = await page.getByLabel('Invitation link').inputValue();
    expect(link).toMatch(new RegExp(`^${weft.url}/invitations/[\\w-]+$`));
    await expect.poll(() => page.getByTestId('invitation-row').count()).toBe(1);
    // Grace opens the link in her own browser, makes her account and joins
    const graceBrowser = await browser.newPage();
    await graceBrowser.goto(link);
    await graceBrowser.getByRole('heading', { name: `Join ${weft.admin.organisation.name}` }).waitFor();
    await graceBrowser.getByLabel('Your name').fill('Grace');
    await graceBrowser.getByLabel('Choose a password').fill('a-long-enough-password');
    await graceBrowser.getByRole('button', { name: 'Create account and join' }).click();
    await graceBrowser.waitForURL(`${weft.url}/`);
    await graceBrowser.close();
    await page.reload();
    await expect.poll(() => rows.count()).toBe(2);
    await expect.poll(() => page.getByTestId('invitation-row').count()).toBe(0);
    await page.getByLabel('Role of grace@weft.test').selectOption('owner');
    const members = () => weft.api<{ email: string; role: string }[]>('GET', `/api/organisations/${weft.admin.organisation.id}/members`);
    await expect.poll(async () => (await members()).find((m) => m.email === 'grace@weft.test')?.role).toBe('owner');
    await shot('members');
    // the new person can sign in and sees the organisation's projects
    const grace = await weft.signIn('grace@weft.test', 'a-long-enough-password');
    expect((await grace.api<{ name: string }[]>('GET', '/api/projects')).map((p) => p.name)).toContain('Account pages');
    await rows.filter({ hasText: 'grace@weft.test' }).getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect((await members()).map((m) => m.email)).toEqual([weft.admin.user.email]);
    await page.getByLabel('Organisation name').fill('Admin team');
    await page.getByRole('button', { name: 'Rename' }).click();
    await expect.poll(() => page.getByTestId('organisation-switcher').locator('option:checked').textContent()).toBe('Admin team');
    expect((await weft.api<{ name: string }>('GET', `/api/organisations/${weft.admin.organisation.id}`)).name).toBe('Admin team');
  });

  it('changes your password (the old one stops working)', async () => {
    const { page, weft } = studio;
    await page.getByRole('link', { name: weft.admin.user.name }).click();
    await page.waitForURL(`${weft.url}/account`);
    await page.getByLabel('Current password').fill('wrong');
    await page.getByLabel('New password').fill('a-brand-new-password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('The current password is wrong');
    await page.getByLabel('Current password').fill(weft.admin.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByTestId('toast').allTextContents()).toContain('Password changed');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await studio.signIn(weft.admin.user.email, 'a-brand-new-password');
    expect(new URL(page.url()).pathname).toBe('/account');
    expect((await weft.anonymous.request('POST', '/api/auth/sign-in', { email: weft.admin.user.email, password: weft.admin.password })).status).toBe(401);
  });
});
