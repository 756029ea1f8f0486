/** @module runtime/services/flow-tests/checks/outcome — what one check found. */
import type { CheckResult } from '../../../../contract/flow-tests.ts';

export type Outcome = Pick<CheckResult, 'passed' | 'message' | 'diff' | 'judge'>;
