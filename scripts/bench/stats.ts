/** @module scripts/bench/stats — percentiles, medians and the printed table of `npm run bench`. */

/** The p-th percentile (nearest rank) of `values`; NaN when there are none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export const median = (values: number[]): number => percentile(values, 50);

/** A number with thousands separators and a fixed number of decimals. */
export const fixed = (n: number, digits = 0): string =>
  Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : 'n/a';

/** A ratio as `0.25×`. */
export const times = (n: number): string => (Number.isFinite(n) ? `${n.toFixed(2)}×` : 'n/a');

/** One line of the table: a section header when only `what` is given. */
export interface Row {
  what: string;
  figure?: string;
  ratio?: string;
  detail?: string;
}

export function formatTable(rows: Row[]): string {
  const width = (pick: (r: Row) => string | undefined, title: string) =>
    Math.max(title.length, ...rows.filter((r) => r.figure !== undefined).map((r) => (pick(r) ?? '').length));
  const w = [width((r) => `  ${r.what}`, 'measure'), width((r) => r.figure, 'figure'), width((r) => r.ratio, 'vs baseline')];
  const line = (cells: string[]) => cells.map((c, i) => (i < 3 ? c.padEnd(w[i]) : c)).join('  ').trimEnd();
  const out = [line(['measure', 'figure', 'vs baseline', 'detail']), line(w.map((n) => '-'.repeat(n)).concat('------'))];
  rows.forEach((r, i) => {
    if (r.figure === undefined) out.push(i === 0 ? r.what : `\n${r.what}`);
    else out.push(line([`  ${r.what}`, r.figure, r.ratio ?? '', r.detail ?? '']));
  });
  return out.join('\n');
}
