/**
 * "Index a website" end to end in a whole weft with no key: it crawls weft's own served docs
 * (`/docs/`, the server's own address allowed as `npm start` allows it) or a site the caller
 * names, chunks, vectorizes with the local embedding model and stores into "Docs", where
 * "Search the docs" then finds the pages. And an async crawl whose webhook is a flow of the
 * project: its events reach that flow through the production-call path (one log record each).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LogPage } from '../../contract/logs.ts';
import { startTestSite, type TestSite } from '../../catalogue/app/crawl/testing/test-site.ts';
import { startTestWeft, type TestWeft } from '../../runtime/testing/test-weft.ts';
import { demoFlows, ownAddress } from './seed.ts';

let weft: TestWeft;
let site: TestSite;
let projectId = '';
const dataDir = mkdtempSync(join(tmpdir(), 'weft-demo-crawl-'));
const ids: Record<string, string> = {};

async function deploy(flow: object): Promise<string> {
  const created = await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, flow);
  await weft.api('POST', `/api/flows/${created.id}/deploy`, { status: 'active' });
  return created.id;
}

beforeAll(async () => {
  site = await startTestSite();
  // loopback only: weft's own port and the test site (the port is known once it listens)
  weft = await startTestWeft({ dataDir, outboundAllow: ['127.0.0.1'] });
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'Crawl demo' })).id;
  for (const { example: _example, ...flow } of demoFlows(ownAddress(weft.url))) {
    if (flow.name.startsWith('Index a website') || flow.name.startsWith('Search the docs')) ids[flow.name.split(' (')[0]!] = await deploy(flow);
  }
}, 60_000);
afterAll(async () => {
  await weft?.close();
  await site?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const hook = async (flowId: string, body: unknown) => {
  const answer = await weft.anonymous.request('POST', `/hook/${flowId}`, body);
  return { status: answer.status, body: (await answer.json()) as Record<string, any> };
};

/**
 * "Index a website" called as docs/demo-flows.md says; a caller waits 30 s, then gets 202 and the
 * run id (the vector store's first opening in a fresh weft can take that long on a loaded
 * machine): then the run is followed to its end and its response node's output is the answer.
 */
async function indexSite(body: unknown): Promise<{ status: number; body: Record<string, any> }> {
  const answer = await hook(ids['Index a website']!, body);
  if (answer.status !== 202) return answer;
  for (;;) {
    await new Promise((ok) => setTimeout(ok, 500));
    const run = await weft.api<{ status: string; nodes: Record<string, { output?: Record<string, any>; error?: string }> }>('GET', `/api/runs/${answer.body.runId}`);
    if (run.status === 'running') continue;
    return { status: run.status === 'completed' ? 200 : 500, body: run.nodes.apiResponse_1?.output ?? run.nodes };
  }
}

describe('the demo "Index a website"', () => {
  it("serves weft's docs as a site: pages, a sitemap, robots.txt", async () => {
    const index = await weft.anonymous.request('GET', '/docs/');
    expect(await index.text()).toContain('href="/docs/readme"');
    const sitemap = await (await weft.anonymous.request('GET', '/docs/sitemap.xml')).text();
    expect(sitemap).toContain(`${weft.url}/docs/reference/crawlerNode`);
    const robots = await (await weft.anonymous.request('GET', '/robots.txt')).text();
    expect(robots).toContain('Disallow: /api/');
    const node = await (await weft.anonymous.request('GET', '/docs/reference/crawlerNode')).text();
    expect(node).toContain('crawlLimit');
  });

  it("crawls weft's own docs with no key, and Search the docs finds their pages", async () => {
    const indexed = await indexSite({});
    expect(indexed.status, JSON.stringify(indexed.body)).toBe(200);
    expect(indexed.body.pages).toBeGreaterThan(5);
    expect(indexed.body.chunks).toBeGreaterThan(10);
    // the crawl takes the first 20 pages: the node reference pages in the catalogue's order, the webhook trigger's among them
    const found = await hook(ids['Search the docs']!, { query: 'Starts the flow when its webhook URL is called with an API key of the project' });
    expect(found.status).toBe(200);
    expect(found.body.results.map((r: { text: string }) => r.text).join('\n')).toContain('/docs/reference/webhookTriggerNode');
  }, 120_000);

  it('indexes a site the caller names', async () => {
    const indexed = await indexSite({ url: `${site.base}/docs/` });
    expect(indexed.status, JSON.stringify(indexed.body)).toBe(200);
    expect(indexed.body.pages).toBeGreaterThanOrEqual(4);
    const found = await hook(ids['Search the docs']!, { query: 'only in the sitemap hidden' });
    expect(found.body.results[0].text).toContain(`${site.base}/docs/hidden`);
  }, 60_000);

  it('sends an async crawl\'s events to a flow of the project through the production-call path', async () => {
    const sink = await deploy({
      name: 'Crawl events',
      nodes: [{ id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: {} }],
      edges: [],
    });
    const crawl = await deploy({
      name: 'Crawl async',
      nodes: [
        { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: { public: true } },
        { id: 'crawler_1', type: 'crawlerNode', position: { x: 300, y: 0 }, values: { url: `${site.base}/docs/`, crawlMode: 'async', webhook: `flow:${sink}`, includePath: 'guide', webhookMetadata: { job: 'demo' } } },
      ],
      edges: [{ id: 'e1', source: 'webhookTrigger_1', sourceHandle: 'out', target: 'crawler_1', targetHandle: 'in' }],
    });
    // no response node: answered at once with the run id
    const started = await hook(crawl, {});
    expect(started.status).toBe(202);
    let types: string[] = [];
    for (let i = 0; i < 100 && !types.includes('crawl.completed'); i++) {
      await new Promise((ok) => setTimeout(ok, 100));
      const logs = await weft.api<LogPage>('GET', `/api/projects/${projectId}/logs?flowId=${sink}&limit=50`);
      types = logs.items.map((r) => (r.request.body as { type: string }).type).reverse();
    }
    expect(types).toEqual(['crawl.started', 'crawl.page', 'crawl.page', 'crawl.completed']);
  }, 30_000);
});
