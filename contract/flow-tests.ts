/**
 * @module contract/flow-tests — a flow's test cases, their checks, and suite runs with their
 * results, as the tests routes (docs/flow-tests.md) send and take them.
 */

/** Where a check looks: the answer (the response node's output), or a node's output; `path` a dotted path inside it (`items.0.id`). */
export interface CheckTarget {
  /** a node id; absent: the answer */
  node?: string;
  path?: string;
  /** what the suite's pass rates call the check (checkLabel: else its kind, node and path) */
  name?: string;
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
  /** checkLabel of the check */
  label: string;
  kind: CheckKind;
  node?: string;
  path?: string;
  passed: boolean;
  /** why it failed, or what passed */
  message: string;
  diff?: DiffEntry[];
  /** a model-judged check: the model asked, its reason, its score (0 to 1, when it gave one) and the call's cost */
  judge?: { model: string; reason: string; score?: number; cost: number };
}

/** What a suite's pass rates and comparisons call a check: its `name`, else its kind, node and path (`equals greeting`, `regex on code_1 at text`). */
export function checkLabel(check: Pick<CheckTarget, 'node' | 'path' | 'name'> & { kind: CheckKind }): string {
  if (check.name) return check.name;
  return [check.kind, check.node !== undefined ? `on ${check.node}` : '', check.path ? `at ${check.path}` : ''].filter(Boolean).join(' ');
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

/** One check's passes over a suite run's cases, by its label (checkLabel); a model-judged one with its score. */
export interface CheckRate extends PassRate {
  label: string;
  kind: CheckKind;
  /** model-judged: the mean of the judge's scores (a verdict without a score counts 1 when it passes, else 0) */
  score?: number;
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
  /** each check (by label) over the cases, in the order first met */
  checkRates: CheckRate[];
  /** the mean score of the model-judged checks (0 to 1: a judge's score, else 1 when it passed, 0 when not); absent without any */
  judgedScore?: number;
  /** the model-judged checks' total cost */
  judgedCost: number;
}

/** A progress event of a suite run's event stream. */
export type SuiteEvent =
  | { type: 'suite.case'; result: CaseResult }
  | { type: 'suite.completed'; suite: SuiteRun };

export type Change = 'better' | 'worse' | 'same' | 'new' | 'gone';

/** One side of a comparison: a suite run's totals. */
export interface ComparedSide {
  version?: number;
  suiteRunId: string;
  passed: number;
  total: number;
  judgedScore?: number;
}

/** Two versions' suite results side by side, per case (and each check of it) and per check label. */
export interface SuiteComparison {
  base: ComparedSide;
  head: ComparedSide;
  cases: {
    caseId: string;
    name: string;
    base?: CaseStatus;
    head?: CaseStatus;
    change: Change;
    /** each check of the case (by label): passed on each side */
    checks: { label: string; base?: boolean; head?: boolean; change: Change }[];
  }[];
  /** each check label's pass rate on each side; `change` better when the rate rose */
  checkRates: { label: string; kind: CheckKind; base?: CheckRate; head?: CheckRate; change: Change }[];
}

/** The newest completed suite run's scores of the draft and of each version that has one (`GET …/tests/scores`). */
export interface SuiteScores {
  /** `version` absent: the draft */
  version?: number;
  suiteRunId: string;
  finishedAt: number;
  passed: number;
  total: number;
  passRates: Partial<Record<CheckKind, PassRate>>;
  checkRates: CheckRate[];
  judgedScore?: number;
  judgedCost: number;
}

/** A dataset from a data source's table: the rows of one table (stream) that a data-source flow of the project reads. */
export interface TableDataset {
  table: { sourceId: string; table: string };
  /** columns whose values make the input (`{column: value}`) */
  inputColumns: string[];
  /** columns whose values are expected at the same path of the answer (one `equals` check each) */
  expectedColumns: string[];
  /** the column naming each case; absent: `Row <n>` */
  nameColumn?: string;
}

/** The flow's test settings. */
export interface TestSettings {
  /** Deploy runs the suite against the draft first and refuses when a case fails */
  requiredForDeploy: boolean;
}
