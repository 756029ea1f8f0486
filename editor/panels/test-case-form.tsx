/** @module editor/panels/test-case-form — write a test case: its name, the trigger's input and its checks as JSON (docs/flow-tests.md lists the check kinds). */
import { observer } from 'mobx-react-lite';
import type { TestsStore } from '../stores/tests-store.ts';

export const TestCaseForm = observer(function TestCaseForm({ tests }: { tests: TestsStore }) {
  const draft = tests.draft;
  if (!draft) return null;
  return (
    <form className="test-case-form" data-testid="test-case-form" onSubmit={(e) => (e.preventDefault(), void tests.saveDraft())}>
      <h4>{draft.id ? 'Edit test case' : 'New test case'}</h4>
      <label>
        <span className="field-label">Name</span>
        <input className="input" data-testid="case-name" value={draft.name} onChange={(e) => tests.setDraft({ name: e.target.value })} />
      </label>
      <label>
        <span className="field-label">Trigger input (JSON)</span>
        <textarea className="input mono" rows={4} data-testid="case-input" value={draft.input} onChange={(e) => tests.setDraft({ input: e.target.value })} />
      </label>
      <label>
        <span className="field-label">Checks (JSON list)</span>
        <textarea className="input mono" rows={8} data-testid="case-checks" value={draft.checks} onChange={(e) => tests.setDraft({ checks: e.target.value })} />
      </label>
      <p className="field-desc">
        Each check: <code>kind</code> (equals, schema, contains, notContains, regex, range, length, judged), optionally <code>node</code>, <code>path</code> and{' '}
        <code>name</code>; an <code>equals</code> check's <code>expected</code> is the answer it wants.
      </p>
      {tests.draftError && <p className="form-error" data-testid="case-error">{tests.draftError}</p>}
      <div className="row">
        <button className="btn btn--primary" type="submit" data-testid="case-save">Save case</button>
        <button className="btn btn--ghost" type="button" onClick={tests.cancelDraft}>Cancel</button>
      </div>
    </form>
  );
});
