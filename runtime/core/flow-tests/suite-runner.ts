/**
 * @module runtime/core/flow-tests/suite-runner — a suite run: every test case of a flow run as a
 * test run of the draft (or of a deployed version), at most SUITE_CONCURRENCY at once, each
 * with its own pins; then its checks (runtime/services/flow-tests/checks/). Each case's run id is
 * fixed by the suite and the case (`run_t<suite>_<case>`) and started with `reuse`, so a case
 * started again is never run twice:
 * the run already there is awaited. The engine's own recovery finishes a run whose worker died.
 *
 * The server driving a suite holds a lease on it (renewed every LEASE_MS / 3). A suite whose
 * server stopped or died is taken on by the next server that sweeps (at start, then every
 * LEASE_MS): its ended cases stay, the others are awaited or started under their own run ids.
 */
import type { Engine } from '../../../actors/engine.ts';
import type { ModelAccess } from '../../../catalogue/services/models.ts';
import type { FlowDocument } from '../../../contract/flow-document.ts';
import type { CaseResult, SuiteRun, TestCase } from '../../../contract/flow-tests.ts';
import type { CompiledFlow } from '../../services/flows/compile.ts';
import { evaluateChecks } from '../../services/flow-tests/checks/evaluate.ts';
import { passRatesOf } from '../../services/flow-tests/pass-rates.ts';
import type { FlowTestStore } from '../../services/stores/flow-tests.ts';
import { versionNotFound, type FlowVersionStore } from '../../services/stores/flow-versions.ts';
import { ValidationError } from '../../services/domain-errors.ts';
import { documentOf } from '../run-services.ts';

/** Cases of one suite running at once. */
export const SUITE_CONCURRENCY = 4;
/** How long one case's run may take before it counts as failed. */
export const CASE_TIMEOUT_MS = 5 * 60 * 1000;
/** How long a suite's lease outlives the server that stopped renewing it. */
export const LEASE_MS = 30_000;
/** A case that was pending when its suite was taken on, and whose draft changed since. */
export const DRAFT_CHANGED = 'The draft changed while the suite run was interrupted; run the suite again';
export const CASE_DELETED = 'The test case was deleted while the suite run was interrupted';

export interface SuiteRunnerDeps {
  engine: Engine;
  tests: FlowTestStore;
  versions: FlowVersionStore;
  compile(flow: FlowDocument): CompiledFlow;
  /** the model gateway as a project's nodes see it (model-judged checks) */
  models(projectId: string): ModelAccess;
  /** the flow's draft, or null once it is deleted (a suite taken on after a restart) */
  flowOf(flowId: string): Promise<FlowDocument | null>;
}

const caseRunId = (suiteId: string, caseId: string) => `run_t${suiteId.replace(/^suite_/, '')}_${caseId.replace(/^case_/, '')}`;

/** The totals of a suite from its case results. */
export function summarise(suite: SuiteRun): SuiteRun {
  const done = suite.cases.filter((c) => c.status !== 'pending' && c.status !== 'running');
  const { judgedScore: _, ...earlier } = suite;
  return {
    ...earlier,
    passed: done.filter((c) => c.status === 'passed').length,
    failed: done.filter((c) => c.status !== 'passed').length,
    ...passRatesOf(done),
    ...(done.length === suite.cases.length ? { status: 'completed' as const, finishedAt: suite.finishedAt ?? Date.now() } : {}),
  };
}

export class SuiteRunner {
  private readonly holder = crypto.randomUUID();
  /** `<flowId> <suite id>` of the suites this server drives */
  private readonly driving = new Set<string>();
  private closed = false;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly deps: SuiteRunnerDeps) {
    this.timer = setInterval(() => void this.keepLeases().then(() => this.sweep()), LEASE_MS / 3);
    this.timer.unref();
  }

  /** Take on every suite run that no live server drives (at start, and then on the timer). */
  async sweep(): Promise<void> {
    for (const { flowId, suiteRunId } of await this.deps.tests.unfinished().catch(() => [])) {
      if (this.closed) return;
      if (this.driving.has(`${flowId} ${suiteRunId}`) || !(await this.deps.tests.lease(flowId, suiteRunId, this.holder, LEASE_MS))) continue;
      void this.resume(flowId, suiteRunId).catch((error: Error) => console.error('[weft flow tests]', error.message));
    }
  }

  /** Stop driving: leases are let go, so the next server takes the suites on at once. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await Promise.all([...this.driving].map((entry) => this.deps.tests.release(...(entry.split(' ') as [string, string]), this.holder).catch(() => {})));
  }

  private async keepLeases(): Promise<void> {
    for (const entry of this.driving) await this.deps.tests.lease(...(entry.split(' ') as [string, string]), this.holder, LEASE_MS, true).catch(() => {});
  }

  private async resume(flowId: string, suiteRunId: string): Promise<void> {
    const suite = await this.deps.tests.suite(flowId, suiteRunId);
    const flow = await this.deps.flowOf(flowId);
    if (!suite || suite.status !== 'running' || !flow) return void (await this.deps.tests.release(flowId, suiteRunId, this.holder));
    const document = await this.documentToRun(flow, suite.version);
    const draftChanged = suite.version === undefined && suite.draftRevision !== flow.version;
    const stored = new Map((await this.deps.tests.cases(flowId)).map((c) => [c.id, c]));
    const left: TestCase[] = [];
    const ended: CaseResult[] = [];
    for (const result of suite.cases.filter((c) => c.status === 'pending' || c.status === 'running')) {
      const test = stored.get(result.caseId);
      const started = (await this.deps.engine.meta(result.runId)) !== null;
      if (test && (started || !draftChanged)) left.push(test);
      else ended.push({ ...result, status: 'error', error: test ? DRAFT_CHANGED : CASE_DELETED, finishedAt: Date.now() });
    }
    await this.drive(document, suite, left, ended);
  }

  /**
   * Start a suite run of the flow's cases (or of `caseIds` only) against the draft (or `version`);
   * resolves once it is stored, with its id and a promise of its end.
   */
  async start(flow: FlowDocument, version?: number, caseIds?: readonly string[]): Promise<{ suite: SuiteRun; done: Promise<SuiteRun> }> {
    const document = await this.documentToRun(flow, version);
    this.deps.compile(document); // a flow that cannot run refuses the suite (400 invalid_flow)
    const all = await this.deps.tests.cases(flow.id);
    if (!all.length) throw new ValidationError('The flow has no test cases', 'no_test_cases');
    caseIds?.forEach((id, i) => {
      if (!all.some((c) => c.id === id)) throw new ValidationError(`caseIds[${i}] names no test case of the flow: ${id}`);
    });
    const cases = caseIds ? all.filter((c) => caseIds.includes(c.id)) : all;
    const id = `suite_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const suite: SuiteRun = {
      id, flowId: flow.id, ...(version !== undefined ? { version } : { draftRevision: flow.version }), status: 'running', startedAt: Date.now(),
      total: cases.length, passed: 0, failed: 0, passRates: {}, checkRates: [], judgedCost: 0,
      cases: cases.map((c) => ({ caseId: c.id, name: c.name, runId: caseRunId(id, c.id), status: 'pending', checks: [] })),
    };
    await this.deps.tests.lease(flow.id, id, this.holder, LEASE_MS);
    await this.deps.tests.startSuite(suite);
    return { suite, done: this.drive(document, suite, cases) };
  }

  private async documentToRun(flow: FlowDocument, version?: number): Promise<FlowDocument> {
    if (version === undefined) return flow;
    const stored = await this.deps.versions.get(flow.id, version);
    if (!stored) throw versionNotFound(flow.id, version, await this.deps.versions.newest(flow.id));
    return documentOf(flow, stored);
  }

  /** Run `cases` of `suite` (and record `ended`, results known already); a closed runner records nothing more. */
  private async drive(document: FlowDocument, suite: SuiteRun, cases: TestCase[], ended: CaseResult[] = []): Promise<SuiteRun> {
    const entry = `${suite.flowId} ${suite.id}`;
    this.driving.add(entry);
    let current = suite;
    // results are written one at a time, so none is lost to a concurrent write
    let writing = Promise.resolve();
    const record = (result: CaseResult) => {
      if (this.closed) return writing;
      current = summarise({ ...current, cases: current.cases.map((c) => (c.caseId === result.caseId ? result : c)) });
      const snapshot = current;
      writing = writing.then(() => this.deps.tests.saveSuite(snapshot));
      return writing;
    };
    for (const result of ended) void record(result);
    const queue = [...cases];
    const lane = async () => {
      for (let next = queue.shift(); next && !this.closed; next = queue.shift()) {
        const runId = caseRunId(suite.id, next.id);
        await record(await this.runCase(document, next, runId).catch((error: Error): CaseResult => ({ caseId: next.id, name: next.name, runId, status: 'error', error: error.message, checks: [], finishedAt: Date.now() })));
      }
    };
    await Promise.all(Array.from({ length: Math.min(SUITE_CONCURRENCY, cases.length) }, lane));
    await writing;
    if (!this.closed) {
      // (a suite taken on with every case ended already is closed here)
      if (current.status !== 'completed') await this.deps.tests.saveSuite((current = summarise(current)));
      this.driving.delete(entry);
      await this.deps.tests.release(suite.flowId, suite.id, this.holder);
    }
    return current;
  }

  private async runCase(document: FlowDocument, test: TestCase, runId: string): Promise<CaseResult> {
    const pinned = test.pinned ?? {};
    // the case's pins only: the draft's own pins are the studio's, not the test's
    const withPins: FlowDocument = { ...document, nodes: document.nodes.map(({ pinned: _, ...node }) => (node.id in pinned ? { ...node, pinned: { output: pinned[node.id], pinnedAt: 0 } } : node)) };
    const compiled = this.deps.compile(withPins);
    const { engine } = this.deps;
    await engine.startRun(compiled.testPlan, test.input, { mode: 'test', runId, reuse: true });
    const result = await engine.awaitResult(runId, document.id, [], CASE_TIMEOUT_MS);
    const snapshot = await engine.snapshot(runId);
    const base = { caseId: test.id, name: test.name, runId, runStatus: snapshot?.status ?? result.status, finishedAt: Date.now() };
    if (!snapshot || snapshot.status !== 'completed') {
      return { ...base, status: 'error', error: snapshot?.error ?? result.error ?? `The run ended ${result.status}`, checks: [] };
    }
    const nodes: Record<string, unknown> = {};
    for (const [id, actor] of Object.entries(snapshot.nodes)) if (actor.state === 'completed') nodes[id] = actor.output;
    const responder = compiled.responses.find((id) => id in nodes);
    const answer = responder ? nodes[responder] : undefined;
    const checks = await evaluateChecks(test.checks, { answer, nodes }, () => this.deps.models(document.projectId));
    return { ...base, status: checks.every((c) => c.passed) ? 'passed' : 'failed', answer, checks };
  }
}
