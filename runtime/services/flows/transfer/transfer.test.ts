/**
 * Export and import through the whole server: a project (flows, versions, credentials without
 * secrets, default models) round-trips into another project; the stored format-1 fixture
 * (workflow records) is migrated forward and runs; a newer document and bad documents are
 * refused, writing nothing; the JSON Schema is served and every shipped flow fits it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLOW_FORMAT_VERSION, type ExportDocument, type ImportAnswer } from '../../../../contract/flow-export.ts';
import { startTestWeft, type TestWeft } from '../../../testing/test-weft.ts';
import { exportDocumentFaults, flowGraphFaults } from './export-schema.ts';
import { migrateForward, migrations } from './migrations/index.ts';

let weft: TestWeft;
let source = '';
let target = '';
const SECRET = 'sk-very-secret-value-123';
const textModel = { type: 'text', model_name: 'gpt-4o-mini', provider_name: 'openai', credential_name: 'crawler' };
const fixture = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as unknown;
const edge = (id: string, from: string, to: string) => ({ id, source: from, sourceHandle: 'out', target: to, targetHandle: 'in' });
const project = async (name: string) => (await weft.api<{ id: string }>('POST', '/api/projects', { name })).id;
const flowsOf = (projectId: string) => weft.api<Array<{ id: string; name: string }>>('GET', `/api/projects/${projectId}/flows`);

beforeAll(async () => {
  weft = await startTestWeft();
  source = await project('Source');
  target = await project('Target');
  await weft.api('POST', `/api/projects/${source}/credentials`, { name: 'crawler', credential_type: 'crawlService', credentials: { apiKey: SECRET } });
  await weft.api('POST', `/api/projects/${source}/credentials`, { name: 'unused', credential_type: 'webSearch', credentials: { apiKey: SECRET } });
  await weft.api('PUT', `/api/projects/${source}/default-models`, { text_model: textModel });
  const callee = await weft.api<{ id: string }>('POST', `/api/projects/${source}/flows`, {
    name: 'Echo',
    nodes: [
      { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: {} },
      { id: 'apiResponse_1', type: 'apiResponseNode', position: { x: 300, y: 0 }, values: { outputMapping: [{ key: 'n', value: '{{trigger.output.n}}' }] } },
    ],
    edges: [edge('e1', 'webhookTrigger_1', 'apiResponse_1')],
    notes: [{ id: 'note_1', position: { x: 0, y: 200 }, size: { width: 200, height: 120 }, text: 'Echoes **n**' }],
  });
  await weft.api('POST', `/api/flows/${callee.id}/deploy`, { status: 'active', note: 'first' });
  await weft.api('POST', `/api/flows/${callee.id}/deploy`, { status: 'active', note: 'second' });
  await weft.api('POST', `/api/projects/${source}/flows`, {
    name: 'Caller',
    nodes: [
      { id: 'webhookTrigger_1', type: 'webhookTriggerNode', position: { x: 0, y: 0 }, values: {} },
      { id: 'executeFlow_1', type: 'executeFlowNode', position: { x: 300, y: 0 }, values: { flowId: callee.id, requestInput: '{"n": 1}' } },
      { id: 'api_1', type: 'apiNode', position: { x: 600, y: 0 }, values: { url: 'http://127.0.0.1:1/x', method: 'GET', credentials: 'crawler' } },
    ],
    edges: [edge('e1', 'webhookTrigger_1', 'executeFlow_1'), edge('e2', 'executeFlow_1', 'api_1')],
  });
});
afterAll(() => weft?.close());

describe('export', () => {
  it('answers a project as one document with versions on request, credential names and types, no secret', async () => {
    const answer = await weft.request('GET', `/api/projects/${source}/export?versions=true`);
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="source.weft.json"');
    const document = (await answer.json()) as ExportDocument;
    expect(exportDocumentFaults(document)).toEqual([]);
    expect(document).toMatchObject({ format: 'weft-export', formatVersion: FLOW_FORMAT_VERSION, project: { name: 'Source', defaultModels: { text_model: textModel } } });
    expect(document.flows.map((f) => [f.name, f.status, f.versions?.map((v) => v.note)])).toEqual([
      ['Echo', 'active', ['first', 'second']],
      ['Caller', 'draft', []],
    ]);
    expect(document.credentials).toEqual([
      { name: 'crawler', credential_type: 'crawlService', marketplace_id: null },
      { name: 'unused', credential_type: 'webSearch', marketplace_id: null },
    ]);
    expect(JSON.stringify(document)).not.toContain(SECRET);
    const without = await weft.api<ExportDocument>('GET', `/api/projects/${source}/export`);
    expect(without.flows.every((f) => f.versions === undefined)).toBe(true);
  });

  it('answers one flow with only the credentials it names; refuses a bad versions flag', async () => {
    const caller = (await flowsOf(source)).find((f) => f.name === 'Caller')!;
    const document = await weft.api<ExportDocument>('GET', `/api/flows/${caller.id}/export`);
    expect(document.flows.map((f) => f.name)).toEqual(['Caller']);
    expect(document.credentials.map((c) => c.name)).toEqual(['crawler']);
    expect((await weft.request('GET', `/api/flows/${caller.id}/export?versions=maybe`)).status).toBe(400);
    expect((await weft.request('GET', '/api/flows/flow_nope/export')).status).toBe(404);
  });
});

describe('import', () => {
  it('recreates the project elsewhere as drafts, remaps flow references, lists the credentials to fill in', async () => {
    const document = await weft.api<ExportDocument>('GET', `/api/projects/${source}/export?versions=true`);
    const answer = await weft.request('POST', `/api/projects/${target}/import`, document);
    expect(answer.status).toBe(201);
    const imported = (await answer.json()) as ImportAnswer;
    expect(imported.flows.map((f) => [f.name, f.versions])).toEqual([['Echo', 2], ['Caller', 0]]);
    expect(imported.credentialsToFill.map((c) => c.name)).toEqual(['crawler', 'unused']);
    expect(imported.migratedFrom).toBeUndefined();
    expect(imported.defaultModelsSet).toBe(true);
    expect(await weft.api('GET', `/api/projects/${target}/default-models`)).toMatchObject({ text_model: textModel });
    const echo = imported.flows[0];
    const caller = await weft.api<{ status: string; nodes: Array<{ id: string; values: Record<string, unknown> }> }>('GET', `/api/flows/${imported.flows[1].id}`);
    expect(caller.status).toBe('draft');
    expect(caller.nodes.find((n) => n.id === 'executeFlow_1')!.values.flowId).toBe(echo.id);
    const versions = await weft.api<Array<{ version: number; note: string }>>('GET', `/api/flows/${echo.id}/versions`);
    expect(versions.map((v) => [v.version, v.note])).toEqual([[2, 'second'], [1, 'first']]);
    // round trip: exporting the copy gives the same flows (ids and times aside)
    const again = await weft.api<ExportDocument>('GET', `/api/projects/${target}/export?versions=true`);
    const shape = (d: ExportDocument) => d.flows.map((f) => ({ name: f.name, edges: f.edges, notes: f.notes, nodes: f.nodes.map((n) => n.type), versions: f.versions?.map((v) => [v.version, v.note, v.nodes.length]) })).sort((a, b) => a.name.localeCompare(b.name));
    expect(shape(again)).toEqual(shape(document));
    // the same document again is a copy, not a clash
    const copy = await weft.api<ImportAnswer>('POST', `/api/projects/${target}/import`, document);
    expect(copy.flows.map((f) => f.id)).not.toContain(echo.id);
  });

  it('migrates the stored format-1 fixture (the studio’s flow file) forward, and it runs', async () => {
    const projectId = await project('From a studio file');
    const imported = await weft.api<ImportAnswer>('POST', `/api/projects/${projectId}/import`, fixture('v1-studio-flow-file.json'));
    expect(imported.migratedFrom).toBe(1);
    expect(imported.flows.map((f) => f.name)).toEqual(['Grade (studio file)']);
    const flow = await weft.api<{ notes: unknown[] }>('GET', `/api/flows/${imported.flows[0].id}`);
    expect(flow.notes).toHaveLength(1);
    await weft.api('POST', `/api/flows/${imported.flows[0].id}/deploy`, { status: 'active' });
    const { key } = await weft.api<{ key: string }>('POST', `/api/projects/${projectId}/api-keys`, { name: 'k' });
    const answer = await weft.request('POST', `/hook/${imported.flows[0].id}`, { n: 4 }, { authorization: `Bearer ${key}` });
    expect(await answer.json()).toEqual({ double: 44 });
  });

  it('reads the original product’s workflow records, remapping Execute Flow, and they run', async () => {
    const projectId = await project('From workflow records');
    const imported = await weft.api<ImportAnswer>('POST', `/api/projects/${projectId}/import`, fixture('workflow-records.json'));
    expect(imported.migratedFrom).toBe('workflow-records');
    expect(imported.flows.map((f) => [f.name, f.exportedId])).toEqual([['Grade a score', '101'], ['Grade through the other flow', '102']]);
    for (const { id } of imported.flows) await weft.api('POST', `/api/flows/${id}/deploy`, { status: 'active' });
    const { key } = await weft.api<{ key: string }>('POST', `/api/projects/${projectId}/api-keys`, { name: 'k' });
    const graded = await weft.request('POST', `/hook/${imported.flows[1].id}`, { score: 72 }, { authorization: `Bearer ${key}` });
    expect(await graded.json()).toEqual({ graded: { verdict: 'passed' } });
  });

  it('round-trips every older format: import, export, import again gives the same flows', async () => {
    const shape = (d: ExportDocument) => d.flows.map((f) => ({ name: f.name, nodes: f.nodes.map(({ id, type, values }) => ({ id, type, values })), edges: f.edges, notes: f.notes }));
    const fixtures = readdirSync(new URL('./fixtures/', import.meta.url)).filter((f) => f.endsWith('.json'));
    expect(fixtures.length).toBe(migrations.length + 1);
    for (const file of fixtures) {
      const first = await project(`Round trip ${file}`);
      await weft.api<ImportAnswer>('POST', `/api/projects/${first}/import`, fixture(file));
      const exported = await weft.api<ExportDocument>('GET', `/api/projects/${first}/export?versions=true`);
      const second = await project(`Round trip again ${file}`);
      const again = await weft.api<ImportAnswer>('POST', `/api/projects/${second}/import`, exported);
      expect(again.migratedFrom).toBeUndefined();
      const reexported = await weft.api<ExportDocument>('GET', `/api/projects/${second}/export?versions=true`);
      // ids of flows differ between the copies; everything else is the same
      const ids = (d: ExportDocument) => new Map(d.flows.map((f) => [f.id, f.name]));
      const named = (d: ExportDocument) => JSON.parse(JSON.stringify(shape(d), (_k, v) => (typeof v === 'string' && ids(d).has(v) ? `flow:${ids(d).get(v)}` : v)));
      expect(named(reexported).sort((a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name))).toEqual(
        named(exported).sort((a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name)),
      );
    }
  });

  it('refuses a newer document naming both versions, and bad documents, writing nothing', async () => {
    const before = (await flowsOf(target)).length;
    const newer = { format: 'weft-export', formatVersion: FLOW_FORMAT_VERSION + 3, flows: [], credentials: [] };
    const cases: Array<[unknown, string]> = [
      [newer, `This document is flow format version ${FLOW_FORMAT_VERSION + 3}, made by a newer weft; this weft reads up to version ${FLOW_FORMAT_VERSION}: update weft to import it`],
      [{ hello: 'world' }, 'This is not a weft export: it has no formatVersion, no "nodes" list, nor workflow records with raw_nodes'],
      [{ format: 'weft-export', formatVersion: FLOW_FORMAT_VERSION, flows: [{ id: 'f', name: '', nodes: [], edges: [] }] }, 'The document does not fit the export schema: /flows/0/name must NOT have fewer than 1 characters'],
      [
        { format: 'weft-export', formatVersion: FLOW_FORMAT_VERSION, credentials: [], flows: [{ id: 'ok', name: 'ok', nodes: [], edges: [] }, { id: 'f', name: 'Twins', nodes: [{ id: 'a', type: 'webhookTriggerNode' }, { id: 'a', type: 'apiNode' }], edges: [] }] },
        'Flow Twins: Two nodes have the id a',
      ],
      [{ raw_nodes: [{ id: 'x' }] }, 'raw_nodes[0] needs an id and data.name (its node type)'],
    ];
    for (const [body, message] of cases) {
      const answer = await weft.request('POST', `/api/projects/${target}/import`, body);
      expect([answer.status, ((await answer.json()) as { error: { message: string } }).error.message]).toEqual([400, message]);
    }
    expect((await flowsOf(target)).length).toBe(before);
    expect((await weft.request('POST', '/api/projects/proj_nope/import', newer)).status).toBe(404);
  });
});

describe('the flow format', () => {
  it('is served as a JSON Schema at a stable URL', async () => {
    const answer = await weft.request('GET', '/schemas/weft-export.json');
    expect(answer.status).toBe(200);
    const schema = (await answer.json()) as { $id: string; definitions: Record<string, unknown> };
    expect(schema.$id).toBe('/schemas/weft-export.json');
    expect(Object.keys(schema.definitions)).toEqual(expect.arrayContaining(['flow', 'node', 'edge', 'note', 'version']));
  });

  it('has a stored fixture of every older format, each migrating to a document that fits', () => {
    const fixtures = readdirSync(new URL('./fixtures/', import.meta.url));
    for (const step of migrations) {
      const file = fixtures.find((f) => f.startsWith(`v${step.from}-`));
      expect(file, `a fixture of format ${step.from}`).toBeDefined();
      expect(exportDocumentFaults(migrateForward(fixture(file!)).document)).toEqual([]);
    }
  });

  it('fits every flow weft ships (demo and golden flows)', () => {
    const dirs = [new URL('../../../../scripts/demo/', import.meta.url), new URL('../../../golden/', import.meta.url)];
    let checked = 0;
    for (const dir of dirs) {
      for (const file of readdirSync(dir).filter((f) => f.endsWith('.flow.json'))) {
        const read = JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as { nodes: unknown; edges: unknown; flow?: { nodes: unknown; edges: unknown } };
        expect([file, flowGraphFaults(read.flow ?? read)]).toEqual([file, []]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });
});
