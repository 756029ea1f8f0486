/** @module scripts/flow-tests/junit — suite runs as JUnit XML: a testsuite per flow, a testcase per case, a failure per failing check. */
import type { SuiteRun } from '../../contract/flow-tests.ts';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function junitXml(runs: { flowName: string; suite: SuiteRun }[]): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const failures = runs.reduce((n, r) => n + r.suite.failed, 0);
  lines.push(`<testsuites name="weft flow tests" tests="${runs.reduce((n, r) => n + r.suite.total, 0)}" failures="${failures}">`);
  for (const { flowName, suite } of runs) {
    const seconds = ((suite.finishedAt ?? suite.startedAt) - suite.startedAt) / 1000;
    lines.push(`  <testsuite name="${escape(flowName)}" id="${suite.id}" tests="${suite.total}" failures="${suite.failed}" time="${seconds}">`);
    for (const result of suite.cases) {
      lines.push(`    <testcase classname="${escape(flowName)}" name="${escape(result.name)}">`);
      if (result.status === 'error') lines.push(`      <failure type="error" message="${escape(result.error ?? 'The run did not complete')}"/>`);
      for (const check of result.checks.filter((c) => !c.passed)) {
        const diff = check.diff?.length ? JSON.stringify(check.diff, null, 2) : '';
        lines.push(`      <failure type="${check.kind}" message="${escape(`checks[${check.index}]: ${check.message}`)}">${escape(diff)}</failure>`);
      }
      lines.push('    </testcase>');
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}
