/** The flow-tests CLI against a running weft with an API key: the table, the exit status and its JUnit XML parsed back. */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestCase } from '../../contract/flow-tests.ts';
import { startTestWeft, type TestWeft } from '../../runtime/testing/test-weft.ts';
import { flowTestsCli } from './cli.ts';

let weft: TestWeft;
let dir = '';
let projectId = '';
let flowId = '';
let key = '';
let failing: TestCase;
const at = { x: 0, y: 0 };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'weft-flow-tests-'));
  weft = await startTestWeft();
  projectId = (await weft.api<{ id: string }>('POST', '/api/projects', { name: 'CI' })).id;
  key = (await weft.api<{ key: string }>('POST', `/api/projects/${projectId}/api-keys`, { name: 'ci' })).key;
  const nodes = [
    { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: at, values: {} },
    { id: 'apiResponse_1', type: 'apiResponseNode', position: at, values: { outputMapping: [{ key: 'echo', value: '{{trigger.output.word}}' }] } },
  ];
  const edges = [{ id: 'e1', source: 'webhookTrigger_1', sourceHandle: 'out', target: 'apiResponse_1', targetHandle: 'in' }];
  flowId = (await weft.api<{ id: string }>('POST', `/api/projects/${projectId}/flows`, { name: 'Echo', nodes, edges })).id;
  await weft.api('POST', `/api/flows/${flowId}/tests`, { name: 'echoes', input: { word: 'hi' }, checks: [{ kind: 'equals', path: 'echo', expected: 'hi' }] });
  failing = await weft.api<TestCase>('POST', `/api/flows/${flowId}/tests`, { name: 'shouts <loud>', input: { word: 'hi' }, checks: [{ kind: 'regex', path: 'echo', pattern: '^HI$' }] });
});
afterAll(async () => {
  await weft?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('npm run flow-tests', () => {
  it('runs a project, prints a table, writes JUnit XML and exits 1 when a check fails', async () => {
    const lines: string[] = [];
    const junit = join(dir, 'junit.xml');
    const status = await flowTestsCli([projectId, '--url', weft.url, '--junit', junit], { env: { WEFT_API_KEY: key }, print: (l) => lines.push(l) });
    expect(status).toBe(1);
    expect(lines).toEqual(['flow\tcase\tstatus\tchecks', 'Echo\techoes\tpassed\t1/1', 'Echo\tshouts <loud>\tfailed\t0/1', '1 of 2 cases passed']);
    const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(await readFile(junit, 'utf8'));
    expect(xml.testsuites).toMatchObject({ tests: '2', failures: '1' });
    const suite = xml.testsuites.testsuite;
    expect(suite).toMatchObject({ name: 'Echo', tests: '2', failures: '1' });
    expect(suite.testcase[0]).toMatchObject({ name: 'echoes', classname: 'Echo' });
    expect(suite.testcase[0].failure).toBeUndefined();
    expect(suite.testcase[1]).toMatchObject({ name: 'shouts <loud>', failure: { type: 'regex', message: 'checks[0]: "hi" does not match /^HI$/' } });
  });

  it('runs one flow and exits 0 when every case passes; a wrong key is refused', async () => {
    await weft.api('DELETE', `/api/flows/${flowId}/tests/${failing.id}`);
    const lines: string[] = [];
    expect(await flowTestsCli([flowId, '--url', weft.url, '--api-key', key], { env: {}, print: (l) => lines.push(l) })).toBe(0);
    expect(lines.at(-1)).toBe('1 of 1 cases passed');
    await expect(flowTestsCli([flowId, '--url', weft.url, '--api-key', 'wrong'], { env: {}, print: () => {} })).rejects.toThrow(/answered 401/);
  });
});
