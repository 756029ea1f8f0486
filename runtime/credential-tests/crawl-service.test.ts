import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AllowList } from '../outbound/address-policy.ts';
import { Outbound } from '../outbound/client.ts';
import { credentialTests } from './index.ts';

let server: Server;
let base = '';
const seen: { path?: string; authorization?: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ path: req.url, authorization: req.headers.authorization });
    const ok = req.headers.authorization === 'Bearer fc-good';
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' }).end(JSON.stringify(ok ? { success: true, data: { remaining_credits: 10 } } : { success: false, error: 'Unauthorized: Invalid token' }));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((ok) => server.close(ok)));

const outbound = new Outbound({ allow: new AllowList(['127.0.0.1']) });
const ctx = { http: outbound.forActor({ idempotencyKey: 'test/cred', signal: () => new AbortController().signal }), serviceUrl: () => base };

describe('the crawl service credential test', () => {
  it("asks the service for the account's credit usage with the key, at the host URL when given", async () => {
    await credentialTests.crawlService!({ apiKey: 'fc-good' }, ctx);
    expect(seen.at(-1)).toEqual({ path: '/v1/team/credit-usage', authorization: 'Bearer fc-good' });
    await credentialTests.crawlService!({ apiKey: 'fc-good', hostUrl: `${base}/` }, { ...ctx, serviceUrl: () => 'http://127.0.0.1:9' });
    expect(seen.at(-1)!.path).toBe('/v1/team/credit-usage');
  });

  it("throws the service's own error for a refused key", async () => {
    await expect(credentialTests.crawlService!({ apiKey: 'fc-bad' }, ctx)).rejects.toThrow('Unauthorized: Invalid token');
  });
});
