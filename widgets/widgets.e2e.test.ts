/**
 * Browser test: plain HTML pages served from a second loopback origin embed each widget with
 * one script tag. Chat in every display mode with a streamed answer, the configured error
 * text, a restored session, markdown answers (HTML in them stays text) and a question kept in
 * view while a long answer streams; search with tabs, grouping, debounce and keyboard navigation; a
 * page whose origin is not in the trigger's domains is refused on the page. Screenshots go to
 * test-artifacts/widgets/.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploy, failingChatFlow, searchFlow, streamingChatFlow, streamTestNode } from '../runtime/integrations/widgets/testing/fixtures.ts';
import { startTestWeft, type TestWeft } from '../runtime/testing/test-weft.ts';
import { launchChromium } from '../runtime/testing/chromium.ts';
import { testArtifacts } from '../paths.ts';
import { buildWidgets } from './build.ts';

const artifacts = join(testArtifacts, 'widgets');
let weft: TestWeft;
let browser: Browser;
let pages: Server;
let site = '';
let step = 0;

/** The host page: hostile CSS (the widget must not be touched by it) and one script tag. */
function hostPage(widget: string, flowId: string, target = ''): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Host page</title>
<style>* { font-family: "Courier New", monospace !important; } button { background: lime !important; border: 3px dashed red !important; }
.message, .panel, .item { display: none !important; } body { background: #fafaf5; margin: 0; padding: 24px; }</style></head>
<body><h1>A shop on another origin</h1><p>Plain HTML, one script tag.</p>
${target ? `<div id="${target}" style="width: 420px; height: 520px; border: 1px solid #ccc"></div>` : ''}
<script src="${weft.url}/widgets/${widget}.js" data-flow="${flowId}"${target ? ` data-target="#${target}"` : ''} async></script>
</body></html>`;
}

async function open(widget: string, flowId: string, target = ''): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
  page.setDefaultTimeout(8000);
  page.on('console', (m) => m.type() === 'error' && console.error(`[page] ${m.text()}`));
  page.on('pageerror', (e) => console.error(`[page error] ${e.message}`));
  await page.goto(`${site}/${widget}?flow=${flowId}&target=${target}`);
  return page;
}

/** Runs take their time on a busy machine: poll for up to 8 s. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 8000, interval: 50 });

/** A 1×1 PNG the host site serves, for an image in an answer. */
const CAKE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

const shot = (page: Page, name: string) => page.screenshot({ path: join(artifacts, `${String(++step).padStart(2, '0')}-${name}.png`) });

beforeAll(async () => {
  await buildWidgets();
  weft = await startTestWeft({ extraNodes: [streamTestNode] });
  pages = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/cake.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(CAKE_PNG);
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(hostPage(url.pathname.slice(1), url.searchParams.get('flow') ?? '', url.searchParams.get('target') ?? ''));
  });
  await new Promise<void>((ok) => pages.listen(0, '127.0.0.1', ok));
  site = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  expect(new URL(site).origin).not.toBe(new URL(weft.url).origin);
  browser = await launchChromium(['--headless']);
  mkdirSync(artifacts, { recursive: true });
  for (const file of readdirSync(artifacts)) rmSync(join(artifacts, file));
}, 180_000);

afterAll(async () => {
  await browser?.close().catch(() => {});
  await new Promise<void>((ok) => (pages ? pages.close(() => ok()) : ok()));
  await weft?.close();
});

/** Ask, and check the answer streams in: partial text first, then the whole answer with references. */
async function askAndWatchStream(page: Page, name: string) {
  const answer = page.getByTestId('chat-message-assistant').last();
  await expect.poll(async () => (await answer.textContent()) ?? '', { timeout: 8000, interval: 30 }).toMatch(/^Tea and/);
  const partial = (await answer.textContent()) ?? '';
  expect(partial.length).toBeLessThan('Tea and cake are served daily.'.length);
  expect(await answer.getAttribute('class')).toContain('streaming');
  await shot(page, `${name}-streaming`);
  await poll(() => answer.textContent()).toContain('Tea and cake are served daily.');
  await poll(() => answer.getAttribute('class')).not.toContain('streaming');
  expect(await answer.getByRole('link', { name: 'Menu' }).getAttribute('href')).toBe('https://cafe.example/menu');
  await shot(page, `${name}-answered`);
}

describe('chat widget in a page of another origin', () => {
  it('popup: launcher, greeting, suggestions, a streamed answer; styles isolated; the session survives a reload', async () => {
    const flowId = await deploy(weft, streamingChatFlow({ botName: 'Cafe bot', greetingMessage: 'Welcome to the cafe!', suggestions: ['What do you serve?', 'Opening hours?'] }));
    const page = await open('chat', flowId);
    const launcher = page.getByTestId('chat-launcher');
    await launcher.waitFor();
    // the host's `button { background: lime }` does not reach into the shadow root
    expect(await launcher.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(79, 70, 229)');
    const box = (await launcher.boundingBox())!;
    expect(box.x).toBeGreaterThan(1000); // position right
    // icons are inline SVG, not emoji a visitor's machine may have no font for
    expect(await launcher.locator('svg').count()).toBe(1);
    await shot(page, 'chat-popup-closed');
    await launcher.click();
    await page.getByText('Welcome to the cafe!').waitFor();
    expect(await page.getByTestId('chat-panel').evaluate((p) => getComputedStyle(p).display)).toBe('flex');
    expect(await page.getByTestId('chat-branding').textContent()).toBe('Powered by weft');
    await page.getByTestId('chat-emoji').waitFor();
    expect(await page.getByTestId('chat-send').locator('svg').count()).toBe(1);
    expect(await page.getByTestId('chat-emoji').locator('svg').count()).toBe(1);
    expect(await launcher.locator('svg').count()).toBe(1); // now the close icon
    await shot(page, 'chat-popup-open');
    await page.getByRole('button', { name: 'What do you serve?' }).click();
    await page.getByTestId('chat-message-user').getByText('What do you serve?').waitFor();
    await askAndWatchStream(page, 'chat-popup');
    expect(await page.getByTestId('chat-suggestions').count()).toBe(0);

    await page.reload();
    await page.getByTestId('chat-launcher').click();
    await poll(() => page.getByTestId('chat-message-assistant').allTextContents()).toEqual(['Tea and cake are served daily.']);
    await shot(page, 'chat-popup-restored');
    await page.close();
  });

  it('dialog: centred over a backdrop, answered by streaming, closed with Escape', async () => {
    const flowId = await deploy(weft, streamingChatFlow({ displayMode: 'dialog', position: 'left', hideBranding: true, showEmojiButton: false, headerColor: '#0f766e' }));
    const page = await open('chat', flowId);
    const launcher = page.getByTestId('chat-launcher');
    await launcher.waitFor();
    expect((await launcher.boundingBox())!.x).toBeLessThan(100); // position left
    await launcher.click();
    const panel = page.getByTestId('chat-panel');
    await panel.waitFor();
    const box = (await panel.boundingBox())!;
    expect(Math.abs(box.x + box.width / 2 - 600)).toBeLessThan(4);
    await page.getByTestId('chat-backdrop').waitFor();
    expect(await page.getByTestId('chat-branding').count()).toBe(0);
    expect(await page.getByTestId('chat-emoji').count()).toBe(0);
    await page.getByTestId('chat-input').fill('What do you serve?');
    await page.keyboard.press('Enter');
    await askAndWatchStream(page, 'chat-dialog');
    await page.keyboard.press('Escape');
    await poll(() => panel.count()).toBe(0);
    await page.close();
  });

  it('embedded: inside the page’s element, always open, answered by streaming', async () => {
    const flowId = await deploy(weft, streamingChatFlow({ displayMode: 'embedded', botName: 'Inline bot' }));
    const page = await open('chat', flowId, 'help');
    const panel = page.getByTestId('chat-panel');
    await panel.waitFor();
    const frame = (await page.locator('#help').boundingBox())!;
    const inside = (await panel.boundingBox())!;
    expect(inside.x).toBeGreaterThanOrEqual(frame.x);
    expect(inside.y).toBeGreaterThanOrEqual(frame.y);
    expect(inside.y + inside.height).toBeLessThanOrEqual(frame.y + frame.height + 1);
    expect(await page.getByTestId('chat-launcher').count()).toBe(0);
    await page.getByTestId('chat-input').fill('What do you serve?');
    await page.getByTestId('chat-send').click();
    await askAndWatchStream(page, 'chat-embedded');
    await page.close();
  });

  it('answers render as markdown; HTML and javascript: links in an answer stay text and never run', async () => {
    const words = ['**Tea**', 'and', '*cake*,', 'see', '[the menu](https://cafe.example/menu).', '`code`', `![a cake](${site}/cake.png)`];
    words.push('<img src=x onerror="window.weftInjected=1">', '<script>window.weftInjected=2</script>', '[bad](javascript:window.weftInjected=3)');
    const flowId = await deploy(weft, streamingChatFlow({ displayMode: 'embedded' }, words, 40));
    const page = await open('chat', flowId, 'help');
    await page.getByTestId('chat-input').fill('Show me markdown');
    await page.keyboard.press('Enter');
    const answer = page.getByTestId('chat-message-assistant').last();
    await poll(() => answer.getAttribute('class')).not.toContain('streaming');
    expect(await answer.locator('strong').textContent()).toBe('Tea');
    expect(await answer.locator('em').textContent()).toBe('cake');
    expect(await answer.locator('p > code').textContent()).toBe('code');
    const link = answer.getByRole('link', { name: 'the menu', exact: true });
    expect([await link.getAttribute('href'), await link.getAttribute('target'), await link.getAttribute('rel')]).toEqual(['https://cafe.example/menu', '_blank', 'noopener noreferrer']);
    // the attachment is the answer's markdown image, shown once, where the answer put it
    const image = answer.locator('img');
    expect(await image.count()).toBe(1);
    expect(await image.getAttribute('src')).toBe(`${site}/cake.png`);
    await poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    const text = (await answer.textContent()) ?? '';
    expect(text).toContain('<img src=x onerror="window.weftInjected=1">');
    expect(text).toContain('<script>window.weftInjected=2</script>');
    expect(text).toContain('bad');
    expect(await answer.getByRole('link', { name: 'bad' }).count()).toBe(0);
    expect(await answer.locator('script').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { weftInjected?: number }).weftInjected)).toBeUndefined();
    await shot(page, 'chat-markdown');
    await page.close();
  });

  it('a long streamed answer keeps the question at the top of the list; a visitor who scrolls is not fought', async () => {
    const words = Array.from({ length: 60 }, (_, i) => `Line ${i + 1} of a long answer.\n`);
    const flowId = await deploy(weft, streamingChatFlow({ displayMode: 'embedded' }, words, 25));
    const page = await open('chat', flowId, 'help');
    const list = page.getByTestId('chat-messages');
    const answer = page.getByTestId('chat-message-assistant').last();
    // how far the last question is below the top of the list (whose padding is 14 px)
    const questionOffset = async () => (await page.getByTestId('chat-message-user').last().boundingBox())!.y - (await list.boundingBox())!.y;
    const linesIn = async () => ((await answer.textContent()) ?? '').split('Line').length - 1;
    const ask = async (question: string) => {
      await page.getByTestId('chat-input').fill(question);
      await page.keyboard.press('Enter');
      await page.getByTestId('chat-message-user').getByText(question).waitFor();
    };

    await ask('First question?');
    await poll(() => answer.getAttribute('class')).not.toContain('streaming');
    await ask('Second question?');
    await poll(linesIn).toBeGreaterThan(40);
    expect(Math.abs((await questionOffset()) - 14)).toBeLessThanOrEqual(2);
    await poll(() => answer.getAttribute('class')).not.toContain('streaming');
    expect(Math.abs((await questionOffset()) - 14)).toBeLessThanOrEqual(2);
    // the rest of the answer is below, not scrolled to
    expect(await list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeGreaterThan(300);
    await shot(page, 'chat-question-kept');

    await ask('Third question?');
    await poll(linesIn).toBeGreaterThan(10);
    const box = (await list.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -400);
    await poll(questionOffset).toBeGreaterThan(200);
    await poll(linesIn).toBeGreaterThan(30);
    const visitorAt = await list.evaluate((el) => el.scrollTop);
    await poll(() => answer.getAttribute('class')).not.toContain('streaming');
    expect(await list.evaluate((el) => el.scrollTop)).toBe(visitorAt);
    expect(await questionOffset()).toBeGreaterThan(200);
    await page.close();
  });

  it('a failed run shows the configured error text', async () => {
    const flowId = await deploy(weft, failingChatFlow({ errorMessage: 'Sorry, the kitchen is closed.' }));
    const page = await open('chat', flowId);
    await page.getByTestId('chat-launcher').click();
    await page.getByTestId('chat-input').fill('Anything?');
    await page.keyboard.press('Enter');
    const answer = page.getByTestId('chat-message-assistant').last();
    await poll(() => answer.textContent()).toBe('Sorry, the kitchen is closed.');
    expect(await answer.getAttribute('class')).toContain('failed');
    await shot(page, 'chat-error');
    await page.close();
  });

  it('a page whose origin is not in the domains is refused, and the widget says so', async () => {
    const flowId = await deploy(weft, streamingChatFlow({ domains: ['https://shop.example'] }));
    const page = await open('chat', flowId);
    await poll(() => page.getByTestId('chat-notice').textContent()).toBe('This website is not allowed to use this chat.');
    expect(await page.getByTestId('chat-launcher').count()).toBe(0);
    await shot(page, 'chat-refused');
    await page.close();
  });
});

describe('search widget in a page of another origin', () => {
  it('debounces typing, shows tabs (All, static, result tabs), groups, helper texts and branding', async () => {
    const flowId = await deploy(weft, searchFlow({ staticTabs: ['Pricing'], enableGrouping: true, linkTarget: '_self' }, true));
    const page = await open('search', flowId);
    const queries: string[] = [];
    page.on('request', (r) => r.url().endsWith('/query') && queries.push(r.postData() ?? ''));
    const input = page.getByTestId('search-input');
    await input.waitFor();
    await input.pressSequentially('refund', { delay: 40 });
    await page.getByTestId('search-result').first().waitFor();
    // one search after typing paused, not one per key (a loaded machine may stall the page past the pause once)
    expect(queries.at(-1)).toBe('{"query":"refund"}');
    expect(queries.length).toBeLessThanOrEqual(2);
    expect(await page.getByTestId('search-tab').allTextContents()).toEqual(['All4', 'Pricing0', 'Help2', 'Developers1', 'Other1']);
    expect(await page.getByTestId('search-group').locator('.group-name').allTextContents()).toEqual(['Policies', 'Forms', 'API', 'ungrouped']);
    expect(await page.getByTestId('search-group').first().getByRole('link', { name: 'Help centre' }).getAttribute('href')).toBe('https://help.example/');
    expect(await page.getByTestId('search-nav-help').textContent()).toBe('↑↓ to navigate ↵ to select');
    expect(await page.getByTestId('search-escape-help').textContent()).toBe('esc to close');
    expect(await page.getByTestId('search-branding').textContent()).toBe('Powered by weft');
    // the host's `.item { display: none }` does not reach into the shadow root
    expect(await page.getByTestId('search-result').first().isVisible()).toBe(true);
    await shot(page, 'search-all-grouped');
    await page.getByTestId('search-tab').filter({ hasText: 'Help' }).click();
    expect(await page.getByTestId('search-result').locator('.title').allTextContents()).toEqual(['Refund policy', 'Returns and refunds form']);
    await shot(page, 'search-help-tab');
    await page.getByTestId('search-tab').filter({ hasText: 'Pricing' }).click();
    await page.getByText('No results for “refund”').waitFor();
    await page.close();
  });

  it('keyboard: arrows move through the results, Enter opens one in the link target, Escape closes', async () => {
    const flowId = await deploy(weft, searchFlow({ linkTarget: '_self', showAllTab: true }));
    const page = await open('search', flowId);
    await page.route('https://help.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Returns form</h1>' }));
    const input = page.getByTestId('search-input');
    await input.waitFor();
    await input.fill('refund');
    await page.getByTestId('search-result').first().waitFor();
    expect(await page.getByTestId('search-group').count()).toBe(0); // no grouping configured
    const active = () => page.locator('[data-testid="search-result"][aria-selected="true"] .title').textContent();
    await page.keyboard.press('ArrowDown');
    expect(await active()).toBe('Refund policy');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    expect(await active()).toBe('Returns and refunds form');
    await shot(page, 'search-keyboard');
    await page.keyboard.press('Escape');
    await poll(() => page.getByTestId('search-results').count()).toBe(0);
    expect(await input.inputValue()).toBe('');
    await input.fill('refund');
    await page.getByTestId('search-result').first().waitFor();
    await input.press('ArrowDown');
    await input.press('ArrowDown');
    await input.press('Enter');
    await page.waitForURL('https://help.example/returns');
    await page.close();
  });

  it('a page whose origin is not in the domains is refused, and the widget says so', async () => {
    const flowId = await deploy(weft, searchFlow({ domains: ['*.example.com'] }));
    const page = await open('search', flowId);
    await poll(() => page.getByTestId('search-notice').textContent()).toBe('This website is not allowed to use this search.');
    await shot(page, 'search-refused');
    await page.close();
  });
});
