/**
 * @module runtime/http/routes/flow-tests — a flow's test cases and suite runs (docs/flow-tests.md):
 * - `GET /api/flows/:flowId/tests` → TestCase[]; `POST` a case → 201 TestCase;
 *   `PUT /api/flows/:flowId/tests/:caseId` replaces one; `DELETE` removes it (204);
 * - `POST /api/flows/:flowId/tests/from-run/:runId` `{name?}` → a case with the run's input and
 *   its answer as the expected value (an `equals` check), editable like any other;
 * - `POST /api/flows/:flowId/tests/run` `{version?, caseIds?}` → 202 `{suiteRunId}`: the suite (or those cases) runs in
 *   the background; `GET /api/flows/:flowId/tests/runs` lists suite runs, newest first, and
 *   `GET /api/flows/:flowId/tests/runs/:suiteRunId` is one (SuiteRun, each check with its diff).
 * - `POST /api/flows/:flowId/tests/dataset` `{format: 'csv' | 'jsonl', text}`, or a data source's
 *   table `{table: {sourceId, table}, inputColumns, expectedColumns, nameColumn?}` → 201 the cases made;
 * - `GET /api/flows/:flowId/tests/scores` → per version (and the draft) its newest completed suite's
 *   pass rates and model-judged score (SuiteScores[], newest version first, the draft first of all);
 * - `GET /api/flows/:flowId/tests/compare?base=<n|draft>&head=<n|draft>` → the newest completed
 *   suite run of each side by side, per case (SuiteComparison);
 * - `GET`/`PUT /api/flows/:flowId/tests/settings` `{requiredForDeploy}`: Deploy runs the suite first.
 * - `GET /api/flows/:flowId/tests/runs/:suiteRunId/events` → SSE progress (SuiteEvent);
 * - `GET /api/projects/:projectId/tests` → the project's flows that have cases `{flowId, name, cases}`.
 * Every route takes a session, or an API key of the flow's project (`Authorization: Bearer`).
 * A malformed case is a 400 naming the case and the field.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Engine } from '../../../actors/engine.ts';
import type { FlowDocument } from '../../../contract/flow-document.ts';
import type { SuiteRunner } from '../../core/flow-tests/suite-runner.ts';
import type { CatalogueView } from '../../services/flows/catalogue-view.ts';
import { requireProjectAccess } from '../../services/auth/access.ts';
import { checkProjectKey, type KeyReader } from '../../services/auth/api-key-check.ts';
import { readCase } from '../../services/flow-tests/checks/case-input.ts';
import { compareSuites, scoresPerVersion } from '../../services/flow-tests/compare.ts';
import { readDataset, readTableDataset } from '../../services/flow-tests/dataset.ts';
import type { TableRows } from '../../integrations/sync/table-rows.ts';
import type { FlowTestStore } from '../../services/stores/flow-tests.ts';
import { versionNumber } from '../../services/stores/flow-versions.ts';
import type { FlowStore } from '../../services/stores/flows.ts';
import { objectBody } from '../body.ts';
import { lastEventId, openSse } from '../sse.ts';
import type { SuiteEvent } from '../../../contract/flow-tests.ts';
import { badRequest, notFound } from '../errors.ts';
import { flowOfUser } from './flows.ts';

export interface FlowTestsDeps {
  flows: FlowStore;
  tests: FlowTestStore;
  runner: SuiteRunner;
  engine: Engine;
  catalogue: CatalogueView;
  apiKeys: KeyReader;
  /** the rows of a data source's table (runtime/integrations/sync/table-rows.ts) */
  tableRows: TableRows;
}

/** how often a suite's event stream reads its progress */
const SUITE_POLL_MS = 200;

const nodeIdsOf = (flow: FlowDocument) => new Set(flow.nodes.map((n) => n.id));

export function flowTestsRouter(deps: FlowTestsDeps): Router {
  const router = new Router();
  /** with a session, as every flow route; without one, an API key of the flow's project (CI) */
  const flowOf = async (ctx: Context) => {
    if (ctx.state.access) return flowOfUser(ctx, deps.flows, ctx.params.flowId);
    const flow = await deps.flows.get(ctx.params.flowId);
    if (!flow) throw notFound('Workflow not found');
    await checkProjectKey(deps.apiKeys, flow.projectId, ctx.get('authorization'));
    return flow;
  };

  router.get('/api/projects/:projectId/tests', async function projectTests(ctx) {
    const { projectId } = ctx.params;
    if (ctx.state.access) await requireProjectAccess(ctx, projectId);
    else await checkProjectKey(deps.apiKeys, projectId, ctx.get('authorization'));
    const flows = await deps.flows.list(projectId);
    const counted = await Promise.all(flows.map(async (f) => ({ flowId: f.id, name: f.name, cases: (await deps.tests.cases(f.id)).length })));
    ctx.body = counted.filter((f) => f.cases > 0);
  });

  router.get('/api/flows/:flowId/tests', async function listCases(ctx) {
    const flow = await flowOf(ctx);
    ctx.body = await deps.tests.cases(flow.id);
  });

  router.post('/api/flows/:flowId/tests', async function addCase(ctx) {
    const flow = await flowOf(ctx);
    const input = readCase(objectBody(ctx), nodeIdsOf(flow));
    ctx.status = 201;
    ctx.body = await deps.tests.add(flow.id, input);
  });

  router.get('/api/flows/:flowId/tests/settings', async function getSettings(ctx) {
    const flow = await flowOf(ctx);
    ctx.body = await deps.tests.settings(flow.id);
  });

  router.put('/api/flows/:flowId/tests/settings', async function saveSettings(ctx) {
    const body = objectBody(ctx);
    if (typeof body.requiredForDeploy !== 'boolean') throw badRequest('requiredForDeploy must be true or false');
    const flow = await flowOf(ctx);
    await deps.tests.saveSettings(flow.id, { requiredForDeploy: body.requiredForDeploy });
    ctx.body = { requiredForDeploy: body.requiredForDeploy };
  });

  router.post('/api/flows/:flowId/tests/dataset', async function addDataset(ctx) {
    const body = objectBody(ctx);
    const flow = await flowOf(ctx);
    const inputs = body.table !== undefined
      ? await readTableDataset(body, (table, limit) => deps.tableRows({ projectId: flow.projectId, sourceId: table.sourceId, table: table.table, limit }), nodeIdsOf(flow))
      : await readDataset(body.format, body.text, nodeIdsOf(flow));
    ctx.status = 201;
    ctx.body = await deps.tests.addAll(flow.id, inputs);
  });

  router.get('/api/flows/:flowId/tests/scores', async function scores(ctx) {
    const flow = await flowOf(ctx);
    ctx.body = scoresPerVersion(await deps.tests.suites(flow.id));
  });

  router.get('/api/flows/:flowId/tests/compare', async function compare(ctx) {
    const flow = await flowOf(ctx);
    const suites = await deps.tests.suites(flow.id);
    const latest = (name: string) => {
      const wanted = ctx.query[name];
      if (typeof wanted !== 'string' || !(wanted === 'draft' || /^[1-9][0-9]{0,8}$/.test(wanted))) throw badRequest(`${name} must be a version number or 'draft'`);
      const found = suites.find((s) => s.status === 'completed' && (wanted === 'draft' ? s.version === undefined : s.version === Number(wanted)));
      if (!found) throw notFound(`No completed suite run of ${wanted === 'draft' ? 'the draft' : `version ${wanted}`}`);
      return found;
    };
    ctx.body = compareSuites(latest('base'), latest('head'));
  });

  router.put('/api/flows/:flowId/tests/:caseId', async function replaceCase(ctx) {
    const flow = await flowOf(ctx);
    const input = readCase(objectBody(ctx), nodeIdsOf(flow));
    ctx.body = await deps.tests.replace(flow.id, ctx.params.caseId, input);
  });

  router.delete('/api/flows/:flowId/tests/:caseId', async function deleteCase(ctx) {
    const flow = await flowOf(ctx);
    if (!(await deps.tests.delete(flow.id, ctx.params.caseId))) throw notFound('Test case not found');
    ctx.status = 204;
  });

  router.post('/api/flows/:flowId/tests/from-run/:runId', async function caseFromRun(ctx) {
    const flow = await flowOf(ctx);
    const body = objectBody(ctx);
    const snapshot = await deps.engine.snapshot(ctx.params.runId);
    if (!snapshot || snapshot.flowId !== flow.id) throw notFound('Run not found');
    const responder = flow.nodes.find((n) => deps.catalogue.roleOf(n.type) === 'response' && snapshot.nodes[n.id]?.state === 'completed');
    if (!responder) throw badRequest(`Run ${snapshot.runId} has no answer: no response node of it completed`);
    const name = body.name ?? `From run ${snapshot.runId.slice(0, 12)}`;
    const input = readCase({ name, input: snapshot.input ?? {}, checks: [{ kind: 'equals', expected: snapshot.nodes[responder.id].output }] }, nodeIdsOf(flow));
    ctx.status = 201;
    ctx.body = await deps.tests.add(flow.id, input, snapshot.runId);
  });

  router.post('/api/flows/:flowId/tests/run', async function runSuite(ctx) {
    const body = objectBody(ctx);
    if (body.version !== undefined && !Number.isInteger(body.version)) throw badRequest('version must be a whole number');
    const version = body.version === undefined ? undefined : versionNumber(String(body.version));
    const { caseIds } = body;
    if (caseIds !== undefined && !(Array.isArray(caseIds) && caseIds.length > 0 && caseIds.every((id) => typeof id === 'string'))) throw badRequest('caseIds must be a list of test case ids');
    const flow = await flowOf(ctx);
    const { suite, done } = await deps.runner.start(flow, version, caseIds as string[] | undefined);
    done.catch((error: Error) => console.error(`[weft flow tests] suite ${suite.id}:`, error.message));
    ctx.status = 202;
    ctx.body = { suiteRunId: suite.id };
  });

  router.get('/api/flows/:flowId/tests/runs', async function listSuites(ctx) {
    const flow = await flowOf(ctx);
    ctx.body = await deps.tests.suites(flow.id);
  });

  router.get('/api/flows/:flowId/tests/runs/:suiteRunId', async function getSuite(ctx) {
    const flow = await flowOf(ctx);
    const suite = await deps.tests.suite(flow.id, ctx.params.suiteRunId);
    if (!suite) throw notFound('Suite run not found');
    ctx.body = suite;
  });

  /** Progress: a `suite.case` event as each case ends (id: how many have ended), then `suite.completed`; resumable with Last-Event-ID. */
  router.get('/api/flows/:flowId/tests/runs/:suiteRunId/events', async function suiteEvents(ctx) {
    const flow = await flowOf(ctx);
    if (!(await deps.tests.suite(flow.id, ctx.params.suiteRunId))) throw notFound('Suite run not found');
    const sse = openSse(ctx);
    let sent = Number(lastEventId(ctx)) || 0;
    void (async () => {
      while (!sse.signal.aborted) {
        const suite = await deps.tests.suite(flow.id, ctx.params.suiteRunId);
        if (!suite) break;
        const ended = suite.cases.filter((c) => c.finishedAt !== undefined).sort((a, b) => a.finishedAt! - b.finishedAt!);
        for (; sent < ended.length; sent++) sse.send({ type: 'suite.case', result: ended[sent] } satisfies SuiteEvent, String(sent + 1));
        if (suite.status === 'completed') {
          sse.send({ type: 'suite.completed', suite } satisfies SuiteEvent, 'completed');
          break;
        }
        await new Promise((ok) => setTimeout(ok, SUITE_POLL_MS));
      }
    })().finally(() => sse.close());
  });

  return router;
}
