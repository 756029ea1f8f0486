/**
 * @module editor/stores/tests-store — the Tests panel's state for one flow: its test cases, the
 * case being written (by hand or made from a past run), suite runs started here (all cases or
 * one) followed live over the suite's event stream, cases from a dataset, the latest result of each case, the
 * comparison of two versions' suites, and the deploy gate setting (docs/flow-tests.md).
 */
import { makeAutoObservable, runInAction } from 'mobx';
import { api, type ApiError } from '../api/client.ts';
import type { CaseResult, SuiteComparison, SuiteEvent, SuiteRun, SuiteScores, TestCase, TestSettings } from '../../contract/flow-tests.ts';
import { toasts } from './toast-store.ts';

/** the draft, or a deployed version's number */
export type SuiteTarget = number | 'draft';

/** a case as the form edits it: name, and input and checks as JSON text */
export interface CaseDraft {
  /** absent: a new case */
  id?: string;
  name: string;
  input: string;
  checks: string;
  /** the pins, kept as they are */
  pinned?: Record<string, unknown>;
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);
const EXAMPLE_CHECKS = pretty([{ kind: 'contains', value: 'hello' }]);

export class TestsStore {
  cases: TestCase[] = [];
  settings: TestSettings = { requiredForDeploy: false };
  /** the suite shown: the one running, else the newest */
  suite: SuiteRun | null = null;
  draft: CaseDraft | null = null;
  /** why the draft could not be saved (the server's words, naming the field) */
  draftError = '';
  /** what a completed suite ran, for the comparison: the draft first, then the newest version first */
  suiteTargets: SuiteTarget[] = [];
  /** each version's (and the draft's) newest completed suite: its totals and scores */
  scores: SuiteScores[] = [];
  comparison: SuiteComparison | null = null;
  compareError = '';
  error = '';
  private source: EventSource | null = null;

  constructor(
    readonly flowId: string,
    /** saves the draft's edits, so a suite of the draft runs what is on the canvas */
    private readonly saveDraftFlow: () => Promise<void>,
  ) {
    makeAutoObservable<this, 'source' | 'saveDraftFlow'>(this, { source: false, saveDraftFlow: false }, { autoBind: true });
  }

  get running(): boolean {
    return this.suite?.status === 'running';
  }

  /** cases of the shown suite that ended */
  get ended(): number {
    return this.suite?.cases.filter((c) => c.finishedAt !== undefined).length ?? 0;
  }

  /** the shown suite's result of a case */
  resultOf(caseId: string): CaseResult | undefined {
    return this.suite?.cases.find((c) => c.caseId === caseId);
  }


  async load(): Promise<void> {
    try {
      const [cases, settings, suites, scores] = await Promise.all([api.testCases(this.flowId), api.testSettings(this.flowId), api.suiteRuns(this.flowId), api.testScores(this.flowId)]);
      runInAction(() => {
        this.cases = cases;
        this.settings = settings;
        this.scores = scores;
        this.adoptSuites(suites);
        this.error = '';
      });
      if (this.suite?.status === 'running') this.follow(this.suite.id);
    } catch (error) {
      runInAction(() => (this.error = (error as Error).message));
    }
  }

  private adoptSuites(suites: SuiteRun[]): void {
    if (!this.running) this.suite = suites[0] ?? null;
    const targets = new Set<SuiteTarget>();
    for (const s of suites) if (s.status === 'completed') targets.add(s.version ?? 'draft');
    this.suiteTargets = [...targets].sort((a, b) => (a === 'draft' ? -1 : b === 'draft' ? 1 : b - a));
  }

  newCase(input = '{}'): void {
    this.draft = { name: '', input, checks: EXAMPLE_CHECKS };
    this.draftError = '';
  }

  edit(test: TestCase): void {
    this.draft = { id: test.id, name: test.name, input: pretty(test.input), checks: pretty(test.checks), ...(test.pinned ? { pinned: test.pinned } : {}) };
    this.draftError = '';
  }

  setDraft(patch: Partial<CaseDraft>): void {
    if (this.draft) this.draft = { ...this.draft, ...patch };
  }

  cancelDraft(): void {
    this.draft = null;
    this.draftError = '';
  }

  async saveDraft(): Promise<void> {
    const draft = this.draft;
    if (!draft) return;
    let input: unknown, checks: unknown;
    try {
      input = JSON.parse(draft.input || '{}');
    } catch (error) {
      return void (this.draftError = `Trigger input is not JSON: ${(error as Error).message}`);
    }
    try {
      checks = JSON.parse(draft.checks || '[]');
    } catch (error) {
      return void (this.draftError = `Checks are not JSON: ${(error as Error).message}`);
    }
    const body = { name: draft.name, input, checks, ...(draft.pinned ? { pinned: draft.pinned } : {}) } as Parameters<typeof api.addTestCase>[1];
    try {
      const saved = draft.id ? await api.saveTestCase(this.flowId, draft.id, body) : await api.addTestCase(this.flowId, body);
      runInAction(() => {
        this.cases = draft.id ? this.cases.map((c) => (c.id === saved.id ? saved : c)) : [...this.cases, saved];
        this.draft = null;
        this.draftError = '';
      });
    } catch (error) {
      runInAction(() => (this.draftError = (error as Error).message));
    }
  }

  async remove(caseId: string): Promise<void> {
    try {
      await api.deleteTestCase(this.flowId, caseId);
      runInAction(() => (this.cases = this.cases.filter((c) => c.id !== caseId)));
    } catch (error) {
      toasts.show((error as Error).message, 'error');
    }
  }

  /** Cases from a dataset; the refusal's words (naming the row and field), or '' when added. */
  async importDataset(dataset: Parameters<typeof api.addTestDataset>[1]): Promise<string> {
    try {
      const made = await api.addTestDataset(this.flowId, dataset);
      runInAction(() => (this.cases = [...this.cases, ...made]));
      toasts.show(`${made.length} test case${made.length === 1 ? '' : 's'} added from the dataset`, 'success');
      return '';
    } catch (error) {
      return (error as Error).message;
    }
  }

  /** One action: a case from a past run (its input, its answer expected), opened in the form to edit. */
  async fromRun(runId: string): Promise<boolean> {
    try {
      const made = await api.testCaseFromRun(this.flowId, runId);
      runInAction(() => {
        this.cases = [...this.cases, made];
        this.edit(made);
      });
      toasts.show(`Test case '${made.name}' made from the run`, 'success');
      return true;
    } catch (error) {
      toasts.show((error as Error).message, 'error', 8000);
      return false;
    }
  }

  /** Run every case (or `caseIds`) against the draft or a deployed version, following it live. */
  async run(target: SuiteTarget = 'draft', caseIds?: string[]): Promise<void> {
    try {
      if (target === 'draft') await this.saveDraftFlow();
      const { suiteRunId } = await api.runTests(this.flowId, target === 'draft' ? undefined : target, caseIds);
      const suite = await api.suiteRun(this.flowId, suiteRunId);
      runInAction(() => (this.suite = suite));
      this.follow(suiteRunId);
    } catch (error) {
      toasts.show((error as Error).message, 'error', 8000);
    }
  }

  /** the suite's progress: each case's result as it ends, then the whole suite */
  private follow(suiteRunId: string): void {
    this.source?.close();
    const source = new EventSource(`/api/flows/${encodeURIComponent(this.flowId)}/tests/runs/${encodeURIComponent(suiteRunId)}/events`);
    this.source = source;
    source.onmessage = (message) => {
      const event = JSON.parse(message.data) as SuiteEvent;
      runInAction(() => {
        if (this.suite?.id !== suiteRunId) return;
        if (event.type === 'suite.case') this.suite = { ...this.suite, cases: this.suite.cases.map((c) => (c.caseId === event.result.caseId ? event.result : c)) };
        else this.suite = event.suite;
      });
      if (event.type === 'suite.completed') {
        source.close();
        void Promise.all([api.suiteRuns(this.flowId), api.testScores(this.flowId)]).then(
          ([suites, scores]) => runInAction(() => ((this.scores = scores), this.adoptSuites(suites))),
          () => undefined,
        );
      }
    };
    // a stream the server ended after suite.completed: the browser would reconnect; it is done
    source.onerror = () => source.readyState === EventSource.CLOSED && source.close();
  }

  async compare(base: SuiteTarget, head: SuiteTarget): Promise<void> {
    try {
      const comparison = await api.compareSuites(this.flowId, base, head);
      runInAction(() => {
        this.comparison = comparison;
        this.compareError = '';
      });
    } catch (error) {
      runInAction(() => {
        this.comparison = null;
        this.compareError = (error as ApiError).message;
      });
    }
  }

  /** shown at once; put back when the server refuses */
  async setRequired(requiredForDeploy: boolean): Promise<void> {
    const before = this.settings;
    this.settings = { ...before, requiredForDeploy };
    try {
      const settings = await api.saveTestSettings(this.flowId, { requiredForDeploy });
      runInAction(() => (this.settings = settings));
    } catch (error) {
      runInAction(() => (this.settings = before));
      toasts.show((error as Error).message, 'error');
    }
  }

  dispose(): void {
    this.source?.close();
  }
}
