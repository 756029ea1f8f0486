/**
 * Browser test: an OAuth round trip. An operator registers the Teams app on the Account page;
 * a builder fills a Team messaging credential's form and clicks Connect; the browser goes to
 * a loopback consent page (speaking the Microsoft identity platform), which sends it back to
 * /api/teams with a code and the state; the callback exchanges the code at the loopback token
 * endpoint and the credential shows active. No token reaches the page or any answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackProvider, type LoopbackProvider } from '../runtime/integrations/oauth/testing/loopback-provider.ts';
import { openStudio, signInPage, type Studio } from './testing/studio-browser.ts';

const operatorEmail = 'operator@oauth.e2e.test';
let provider: LoopbackProvider;
let studio: Studio;
let projectId = '';
const answers: { url: string; body: string }[] = [];

beforeAll(async () => {
  provider = await startLoopbackProvider();
  studio = await openStudio('oauth', { outboundAllow: [provider.host], serviceUrls: provider.serviceUrls, operatorEmails: [operatorEmail] });
  studio.page.on('response', async (response) => {
    if (!response.url().startsWith(studio.weft.url)) return;
    answers.push({ url: response.url(), body: await response.text().catch(() => '') });
  });
  // OAuth credential types are Pro: the builder's organisation is on a paid plan
  await studio.weft.accounts.organisations.update(studio.weft.admin.organisation.id, { plan: 'team' });
  projectId = (await studio.project('OAuth')).id;
}, 120_000);
afterAll(async () => {
  await studio?.close();
  await provider?.close();
});

describe('OAuth consent in the studio', () => {
  it('an operator registers the app on the Account page; others do not see the panel', async () => {
    const { weft, browser, page } = studio;
    const operator = await weft.createUser({ email: operatorEmail, name: 'Operator' });
    const operatorPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInPage(operatorPage, weft.url, operator.user.email, operator.password);
    await operatorPage.goto(`${weft.url}/account`);
    const teams = operatorPage.locator('[data-testid="oauth-app"][data-marketplace-id="11"]');
    await teams.waitFor();
    expect(await teams.textContent()).toContain(`${weft.url}/api/teams`);
    await teams.getByLabel('Client ID').fill(provider.client.clientId);
    await teams.getByLabel('Client secret').fill(provider.client.clientSecret);
    await teams.getByRole('button', { name: 'Register' }).click();
    await expect.poll(() => operatorPage.locator('[data-testid="oauth-app"][data-marketplace-id="11"]').textContent()).toContain('Registered here');
    await operatorPage.screenshot({ path: 'test-artifacts/editor/oauth-00-operator.png' });
    await operatorPage.close();

    await page.goto(`${weft.url}/account`);
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    expect(await page.getByTestId('oauth-apps').count()).toBe(0);
  });

  it('Connect → the provider consent page → the callback → the credential shows active', async () => {
    const { page, weft, shot } = studio;
    await page.goto(`${weft.url}/projects/${projectId}/credentials`);
    await page.getByLabel('Credential type').selectOption({ label: 'Team messaging service (OAuth) (Pro)' });
    await page.getByRole('button', { name: 'New credential' }).click();
    const editor = page.getByTestId('credential-editor');
    await editor.getByLabel('Credential Name').fill('Teams');
    const connect = editor.getByRole('button', { name: 'Connect' });
    await connect.waitFor();
    // the tenant is required, and Teams refuses `common` (spec 001 §5)
    expect(await connect.isDisabled()).toBe(true);
    await editor.getByLabel('Tenant ID').fill('common');
    await connect.click();
    await editor.getByText('Tenant ID is not supported').waitFor();
    await editor.getByLabel('Tenant ID').fill('contoso-tenant');
    await expect.poll(() => editor.getByText('Tenant ID is not supported').count()).toBe(0);
    await shot('credential-form');
    await connect.click();
    await page.waitForURL((url) => url.pathname === `/projects/${projectId}/credentials`);
    const row = page.getByTestId('credential-row').filter({ hasText: 'Teams' });
    await row.waitFor();
    await expect.poll(() => row.locator('.pill').textContent()).toBe('active');
    await page.getByText('Connected “Teams”').waitFor();
    await shot('connected');
    // the query the landing path added is gone (a reload does not say it again)
    expect(new URL(page.url()).search).toBe('');

    const authorize = provider.requests.find((r) => r.path === '/ms/contoso-tenant/oauth2/v2.0/authorize')!;
    expect(authorize.query).toMatchObject({ client_id: provider.client.clientId, prompt: 'consent', redirect_uri: `${weft.url}/api/teams`, response_type: 'code' });
    expect(authorize.query.scope.split(' ')).toContain('offline_access');
    const [exchange] = provider.tokenRequests('microsoft');
    expect(exchange.form).toMatchObject({ grant_type: 'authorization_code', redirect_uri: `${weft.url}/api/teams`, client_id: provider.client.clientId, client_secret: provider.client.clientSecret });

    const [stored] = await weft.api<{ name: string; credential_type: string; marketplace_id: number; is_active: boolean; credentials: Record<string, unknown> }[]>('GET', `/api/projects/${projectId}/credentials`);
    expect(stored).toMatchObject({ name: 'Teams', credential_type: 'teamsOauth', marketplace_id: 11, is_active: true });
    expect(stored.credentials.tenant_id).toBe('contoso-tenant');

    const html = await page.content();
    for (const secret of [...provider.issued, provider.client.clientSecret]) {
      expect(html).not.toContain(secret);
      expect(answers.filter((a) => a.body.includes(secret)).map((a) => a.url)).toEqual([]);
    }
    expect(provider.issued.length).toBeGreaterThanOrEqual(2);
    expect(studio.errors).toEqual([]);
  });
});
