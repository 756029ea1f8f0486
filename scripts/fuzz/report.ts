/** @module scripts/fuzz/report — the sweep's counts as lines: inputs tried by route and by node, then each failure. */
import type { SweepReport } from './route-sweep.ts';

export function reportLines(title: string, report: SweepReport): string[] {
  const total = [...report.tried.values()].reduce((a, b) => a + b, 0);
  const lines = [`${title}: ${total} inputs over ${report.tried.size} ${title === 'routes' ? 'routes' : 'nodes'}, ${report.failures.length} failures`];
  for (const [where, count] of [...report.tried].sort()) lines.push(`  ${String(count).padStart(5)}  ${where}`);
  for (const f of report.failures) lines.push(`  FAIL ${f.where} [${f.input}]: ${f.problem}`);
  return lines;
}
