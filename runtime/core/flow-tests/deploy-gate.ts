/**
 * @module runtime/core/flow-tests/deploy-gate — "tests must pass before deploy": a flow with that
 * setting and at least one case runs its suite against the draft when deployed; a failing case
 * refuses the deploy (409 tests_failed, naming the cases) unless an owner sends `testsOverride`
 * (their note), which the version records with the failing cases. Rolling back runs no tests.
 */
import type { FlowDocument } from '../../../contract/flow-document.ts';
import { ConflictError, ForbiddenError, ValidationError } from '../../services/domain-errors.ts';
import type { FlowTestStore } from '../../services/stores/flow-tests.ts';
import type { SuiteRunner } from './suite-runner.ts';

export const MAX_OVERRIDE_NOTE = 1000;

export class TestsFailedError extends ConflictError {
  constructor(failing: string[], suiteRunId: string) {
    super(
      `The flow's tests must pass before a deploy, and ${failing.length === 1 ? 'this case fails' : 'these cases fail'}: ${failing.map((n) => `'${n}'`).join(', ')}. An owner may deploy anyway with a note (testsOverride).`,
      'tests_failed',
      { failing, suiteRunId },
    );
  }
}

export function deployGate(tests: Pick<FlowTestStore, 'settings' | 'cases'>, runner: Pick<SuiteRunner, 'start'>) {
  return async function gate(flow: FlowDocument, override: unknown, role: string) {
    if (override !== undefined && (typeof override !== 'string' || !override.trim() || override.length > MAX_OVERRIDE_NOTE)) {
      throw new ValidationError(`testsOverride must be a note of 1 to ${MAX_OVERRIDE_NOTE} characters`);
    }
    if (!(await tests.settings(flow.id)).requiredForDeploy || !(await tests.cases(flow.id)).length) return undefined;
    const suite = await (await runner.start(flow)).done;
    const failing = suite.cases.filter((c) => c.status !== 'passed').map((c) => c.name);
    if (!failing.length) return undefined;
    if (override === undefined) throw new TestsFailedError(failing, suite.id);
    if (role !== 'owner') throw new ForbiddenError('Only an owner of the organisation may deploy a flow whose tests fail');
    return { note: (override as string).trim(), failing, suiteRunId: suite.id };
  };
}
