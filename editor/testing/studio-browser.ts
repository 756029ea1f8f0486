/**
 * @module editor/testing/studio-browser — browser tests' harness: the editor built once (a lock
 * keeps parallel test files from building at the same time), a whole weft on the test Redis,
 * Debian's Chromium driven by playwright-core, signed in through the sign-in page as the test
 * weft's admin, and numbered screenshots in test-artifacts/.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startTestWeft, type TestWeft } from '../../runtime/testing/test-weft.ts';
import { withDirLock } from '../../dir-lock.ts';
import { distDir, testArtifacts } from '../../paths.ts';
import { launchChromium } from '../../runtime/testing/chromium.ts';
import { buildEditorIfStale } from '../build.ts';

export const artifacts = join(testArtifacts, 'editor');
const lock = join(distDir, '.editor-build.lock');

/** Build dist/editor unless it is fresh; concurrent callers wait for the one building. */
export function buildEditorOnce(): Promise<void> {
  return withDirLock(lock, 'editor build', buildEditorIfStale);
}

/** Sign in through the studio's sign-in page (opening the studio first when the page is elsewhere). */
export async function signInPage(page: Page, base: string, email: string, password: string): Promise<void> {
  if (!page.url().startsWith(base)) await page.goto(`${base}/`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('sign-in').waitFor({ state: 'detached' });
}

export interface Studio {
  weft: TestWeft;
  browser: Browser;
  page: Page;
  /** console errors and page errors seen so far */
  errors: string[];
  shot(name: string): Promise<void>;
  /** a project, created through the API (in the admin's organisation) */
  project(name?: string): Promise<{ id: string }>;
  /** create `flow` in the project through the API and open its canvas (on `page`, default the studio's) until it is ready; its id */
  openFlow(projectId: string, flow: object, page?: Page): Promise<string>;
  /** sign in through the studio's sign-in page (openStudio has done it once) */
  signIn(email?: string, password?: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * `options`: startTestWeft's — `outboundAllow` (WEFT_OUTBOUND_ALLOW entries for the suite's own
 * loopback servers), `serviceUrls` (public services pointed at them), `operatorEmails`…
 */
export async function openStudio(suite: string, options: Parameters<typeof startTestWeft>[0] = {}): Promise<Studio> {
  await buildEditorOnce();
  const weft = await startTestWeft(options);
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.setDefaultTimeout(8000);
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && !m.text().includes('Failed to load resource') && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  mkdirSync(artifacts, { recursive: true });
  // this suite's screenshots from an earlier run would mislead
  for (const file of readdirSync(artifacts)) if (file.startsWith(`${suite}-`)) rmSync(join(artifacts, file));
  let step = 0;
  const signIn = (email = weft.admin.user.email, password = weft.admin.password) => signInPage(page, weft.url, email, password);
  await signIn();
  return {
    signIn,
    weft,
    browser,
    page,
    errors,
    async shot(name) {
      await page.screenshot({ path: join(artifacts, `${suite}-${String(++step).padStart(2, '0')}-${name}.png`) });
    },
    project: (name = 'Browser tests') => weft.api<{ id: string }>('POST', '/api/projects', { name }),
    async openFlow(projectId, flow, on = page) {
      const { id } = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, flow);
      await on.goto(`${weft.url}/flows/${id}`);
      await on.locator('[data-testid="canvas"][data-ready="true"]').waitFor();
      return id;
    },
    async close() {
      await browser.close().catch(() => {});
      await weft.close();
    },
  };
}

