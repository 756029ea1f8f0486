/**
 * The peers bench's weft side and its checks: the greet flow, deployed as the bench deploys it
 * and called with its API key, answers exactly {"greeting":"hello ada"} once and under a short
 * closed loop; a wrong status, content type or body is named, not counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestWeft, type TestWeft } from '../../../runtime/testing/test-weft.ts';
import { closedLoop } from '../load.ts';
import { deployFlow, type Target } from '../webhook.ts';
import { assertGreets, request, wrongAnswer } from './job.ts';
import { greetFlow } from './weft.ts';

let weft: TestWeft;
let target: Target;

beforeAll(async () => {
  weft = await startTestWeft({ starterLimits: { requests: 1e9, records: 1e9 } });
  target = await deployFlow(process.env.REDIS_URL!, weft.prefix, weft.url, greetFlow);
});
afterAll(() => weft?.close());

describe('the peers bench', () => {
  it("weft's greet flow answers the peers' job with the expected JSON", async () => {
    await expect(assertGreets('weft', target.hook, target.headers)).resolves.toBeUndefined();
  });

  it('the load generator checks every answer of the closed loop', async () => {
    const check = (answer: unknown, _i: number, response: Response) => wrongAnswer(response.status, response.headers.get('content-type'), answer);
    const load = await closedLoop({ url: target.hook, headers: target.headers, body: () => request, check }, 4, { requests: 12 });
    expect(load.requests).toBe(12);
    expect(load.latencies.every((ms) => ms > 0)).toBe(true);
  });

  it('without the API key the job is refused, and the check says so', async () => {
    await expect(assertGreets('weft', target.hook, {})).rejects.toThrow(/weft does not do the job: .* answered 401/);
  });

  it('a wrong body or content type is named', () => {
    expect(wrongAnswer(200, 'application/json; charset=utf-8', { greeting: 'hello ada' })).toBeNull();
    expect(wrongAnswer(200, 'application/json', { greeting: 'hello undefined' })).toBe('answered {"greeting":"hello undefined"}, not {"greeting":"hello ada"}');
    expect(wrongAnswer(200, 'text/html', { greeting: 'hello ada' })).toBe('answered content-type text/html, not application/json');
  });
});
