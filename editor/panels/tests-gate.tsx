/** @module editor/panels/tests-gate — the Deploy tab's part of flow tests: require them to pass before a deploy, and a deploy they refused (an owner may deploy anyway with a note). */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import type { TestsStore } from '../stores/tests-store.ts';

export const TestsGate = observer(function TestsGate({ tests }: { tests: TestsStore }) {
  useEffect(() => void tests.load(), [tests]);
  return (
    <label className="deploy-gate">
      <input type="checkbox" data-testid="tests-required" checked={tests.settings.requiredForDeploy} onChange={(e) => void tests.setRequired(e.target.checked)} />
      <span>Require the flow's tests to pass before a deploy ({tests.cases.length} case{tests.cases.length === 1 ? '' : 's'})</span>
    </label>
  );
});

export function TestsRefusal({ message, busy, onOverride }: { message: string; busy: boolean; onOverride(note: string): void }) {
  const [why, setWhy] = useState('');
  return (
    <div className="tests-refused" data-testid="tests-refused">
      <p>{message}</p>
      <textarea className="input" rows={2} placeholder="Why deploy anyway (the version records it)" data-testid="tests-override-note" value={why} onChange={(e) => setWhy(e.target.value)} />
      <button className="btn" data-testid="tests-override" disabled={busy || !why.trim()} onClick={() => onOverride(why.trim())}>Deploy anyway (owners)</button>
    </div>
  );
}
