/** @module scripts/bench/stats — percentiles and table printing for the benchmarks. */

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export interface Row {
  what: string;
  figure: string;
  ratio?: string;
}

export function printTable(rows: Row[]): void {
  const w1 = Math.max(...rows.map((r) => r.what.length), 4);
  const w2 = Math.max(...rows.map((r) => r.figure.length), 6);
  console.log(`\n${'what'.padEnd(w1)}  ${'figure'.padEnd(w2)}  vs baseline`);
  console.log(`${'-'.repeat(w1)}  ${'-'.repeat(w2)}  -----------`);
  for (const r of rows) console.log(`${r.what.padEnd(w1)}  ${r.figure.padEnd(w2)}  ${r.ratio ?? ''}`);
}

export const fixed = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
