/**
 * @module contract/flow-tests — a flow's test cases, their checks, and suite runs with their
 * results, as the tests routes (docs/flow-tests.md) send and take them.
 */

/** Where a check looks: the answer (the response node's output), or a node's output; `path` a dotted path inside it (`items.0.id`). */
export interface CheckTarget {
  /** a node id; absent: the answer */
  node?: string;
  path?: string;
}

export type Check = CheckTarget &
  (
    | { kind: 'equals'; expected: unknown; /** dotted paths left out of the comparison; `*` matches any key or index */ ignore?: string[] }
    | { kind: 'schema'; schema: Record<string, unknown> }
    /** text: a substring of the value (a string); anything else: an item of the value (an array), compared deeply */
    | { kind: 'contains'; value: unknown }
    | { kind: 'notContains'; value: unknown }
    | { kind: 'regex'; pattern: string; flags?: string }
    | { kind: 'range'; min?: number; max?: number }
    | { kind: 'length'; min?: number; max?: number }
    /** a rubric asked of a model (the project's default text model unless `model` names one) */
    | { kind: 'judged'; rubric: string; model?: unknown }
  );

export type CheckKind = Check['kind'];
export const CHECK_KINDS: readonly CheckKind[] = ['equals', 'schema', 'contains', 'notContains', 'regex', 'range', 'length', 'judged'];

export interface TestCase {
  id: string;
  name: string;
  /** the trigger's input */
  input: unknown;
  checks: Check[];
  /** node id → the output the node hands on instead of running (keeps a test off a live service) */
  pinned?: Record<string, unknown>;
  /** the run it was made from */
  fromRun?: string;
  createdAt: number;
  updatedAt: number;
}

/** What a case is made or replaced with. */
export type TestCaseInput = Pick<TestCase, 'name' | 'input' | 'checks' | 'pinned'>;

/** One difference between the expected and the actual value: `path` '' is the whole value. */
export interface DiffEntry {
  path: string;
  expected?: unknown;
  actual?: unknown;
}

export interface CheckResult {
  /** the check's index in its case */
  index: number;
  kind: CheckKind;
  node?: string;
  path?: string;
  passed: boolean;
  /** why it failed, or what passed */
  message: string;
  diff?: DiffEntry[];
  /** a model-judged check: the model asked, its reason and the call's cost */
  judge?: { model: string; reason: string; cost: number };
}

export type CaseStatus = 'pending' | 'running' | 'passed' | 'failed' | 'error';

export interface CaseResult {
  caseId: string;
  name: string;
  /** the test run that ran the case */
  runId: string;
  status: CaseStatus;
  /** the run's status when it ended (`completed`, `failed`…) */
  runStatus?: string;
  /** why the case could not be checked (the run failed) */
  error?: string;
  answer?: unknown;
  checks: CheckResult[];
  finishedAt?: number;
}

/** A check kind's passes over a suite run. */
export interface PassRate {
  passed: number;
  total: number;
  rate: number;
}

export interface SuiteRun {
  id: string;
  flowId: string;
  /** the deployed version run; absent: the draft */
  version?: number;
  /** the draft's save revision run (a draft suite) */
  draftRevision?: number;
  status: 'running' | 'completed';
  startedAt: number;
  finishedAt?: number;
  total: number;
  passed: number;
  failed: number;
  cases: CaseResult[];
  /** check kind → its passes */
  passRates: Partial<Record<CheckKind, PassRate>>;
  /** the share of model-judged checks that passed (0 to 1); absent without any */
  judgedScore?: number;
  /** the model-judged checks' total cost */
  judgedCost: number;
}

/** A progress event of a suite run's event stream. */
export type SuiteEvent =
  | { type: 'suite.case'; result: CaseResult }
  | { type: 'suite.completed'; suite: SuiteRun };

/** Two versions' suite results side by side, per case. */
export interface SuiteComparison {
  base: { version?: number; suiteRunId: string; passed: number; total: number };
  head: { version?: number; suiteRunId: string; passed: number; total: number };
  cases: { caseId: string; name: string; base?: CaseStatus; head?: CaseStatus; change: 'better' | 'worse' | 'same' | 'new' | 'gone' }[];
}

/** The flow's test settings. */
export interface TestSettings {
  /** Deploy runs the suite against the draft first and refuses when a case fails */
  requiredForDeploy: boolean;
}
