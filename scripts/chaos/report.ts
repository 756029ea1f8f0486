/** @module scripts/chaos/report — a scenario's figures as a table, and the suite's summary line. */

export interface ScenarioResult {
  name: string;
  /** [figure, value, goal ('' when there is none)] */
  rows: [string, string, string][];
  passed: boolean;
  /** e.g. `worker-crash 20/20 completed, 0 lost, 0 unrecognised duplicate side effects` */
  summary: string;
}

export function table(result: ScenarioResult): string {
  const rows: [string, string, string][] = [[result.name, 'measured', 'goal'], ...result.rows];
  const width = [0, 1, 2].map((c) => Math.max(...rows.map((r) => r[c].length)));
  const line = (r: string[]) => r.map((cell, c) => cell.padEnd(width[c])).join('  ').trimEnd();
  return [line(rows[0]), width.map((w) => '-'.repeat(w)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

export function summaryLine(results: readonly ScenarioResult[], seconds: number): string {
  const verdict = results.every((r) => r.passed) ? '' : ' — GOAL MISSED';
  return `chaos: ${results.map((r) => r.summary).join('; ')} (${seconds.toFixed(0)} s)${verdict}`;
}
