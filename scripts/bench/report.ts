/** @module scripts/bench/report — turns the measured figures into the table `npm run bench` prints. */
import type { CpuPer } from './cpu.ts';
import type { EngineThroughput } from './engine-throughput.ts';
import type { HopLatency } from './hop-latency.ts';
import { fixed, median, percentile, times, type Row } from './stats.ts';
import type { WebhookFigures } from './webhook.ts';

export interface Figures {
  baseline: number[];
  baselineCpu: CpuPer;
  baselineHops: number[];
  engine: EngineThroughput;
  hops: HopLatency | Error;
  webhook: WebhookFigures | null | Error;
  settings: { runs: number; clients: number; concurrency: number; chainLength: number; baselineJobs: number };
}

const rounds = (values: number[]) => `median of ${values.length} rounds: ${values.map((v) => fixed(v)).join(', ')}`;
const ms = (n: number, digits = 2) => `${fixed(n, digits)} ms`;
const failed = (what: string, error: Error): Row => ({ what, figure: 'failed', detail: error.message });
const cpuFigure = (cpu: CpuPer) => `${fixed(cpu.redisUs + cpu.nodeUs)} µs`;
const cpuDetail = (cpu: CpuPer) => `Redis ${fixed(cpu.redisUs)} µs + bench process ${fixed(cpu.nodeUs)} µs`;

export function reportRows(f: Figures): Row[] {
  const base = median(f.baseline);
  const baseP50 = percentile(f.baselineHops, 50);
  const baseP99 = percentile(f.baselineHops, 99);
  const rows: Row[] = [
    { what: 'Baseline: raw BullMQ, one Worker, concurrency 16' },
    { what: 'no-op jobs/s (addBulk, until all completed)', figure: `${fixed(base)} /s`, ratio: '1.00×', detail: `${fixed(f.settings.baselineJobs)} jobs, ${rounds(f.baseline)}` },
    { what: 'CPU per job', figure: cpuFigure(f.baselineCpu), ratio: '1.00×', detail: cpuDetail(f.baselineCpu) },
    { what: 'hop p50: a job adds the next, entry → entry', figure: ms(baseP50), ratio: '1.00×', detail: `${f.baselineHops.length} hops` },
    { what: 'hop p99', figure: ms(baseP99), ratio: '1.00×' },
    { what: `weft engine: no-op executor, one worker, concurrency ${f.settings.concurrency}` },
  ];
  const baseCpu = f.baselineCpu.redisUs + f.baselineCpu.nodeUs;
  const cpuRow = (what: string, cpu: CpuPer): Row => ({ what, figure: cpuFigure(cpu), ratio: times((cpu.redisUs + cpu.nodeUs) / baseCpu), detail: cpuDetail(cpu) });
  // each weft round ÷ the baseline round just before it; the median of those
  const ratios = (rates: number[]) => rates.map((rate, i) => rate / f.baseline[i]);
  const rateRow = (what: string, rates: number[], detail = ''): Row => ({
    what,
    figure: `${fixed(median(rates))} /s`,
    ratio: times(median(ratios(rates))),
    detail: `${detail}${rounds(rates)}; per round ${ratios(rates).map((r) => times(r)).join(', ')}`,
  });
  rows.push(
    rateRow(`activations/s: ${f.settings.runs} concurrent runs, ${f.engine.chainNodes}-node chain`, f.engine.chain),
    cpuRow('CPU per activation, chain', f.engine.chainCpu),
    rateRow(`activations/s: ${f.settings.runs} concurrent runs, fan-out 50 → join`, f.engine.fanIn, `${f.engine.fanInNodes} actors a run, `),
    cpuRow('CPU per activation, fan-out', f.engine.fanInCpu),
  );
  if (f.hops instanceof Error) rows.push(failed('hop latency', f.hops));
  else {
    const p50 = percentile(f.hops.hops, 50);
    const p99 = percentile(f.hops.hops, 99);
    rows.push(
      { what: `hop p50 along a ${f.settings.chainLength}-node chain, executor entry → entry`, figure: ms(p50), ratio: times(p50 / baseP50), detail: `${f.hops.hops.length} hops, one run at a time` },
      { what: 'hop p99', figure: ms(p99), ratio: times(p99 / baseP99) },
      { what: 'hand-off p50: node.completed ts → next node.started ts', figure: ms(percentile(f.hops.handOffs, 50), 0), detail: 'event timestamps, whole ms' },
      { what: 'hand-off p99', figure: ms(percentile(f.hops.handOffs, 99), 0) },
    );
  }
  rows.push({ what: `weft over HTTP: POST /hook → variables → response, ${f.settings.clients} clients` });
  if (f.webhook instanceof Error) rows.push(failed('webhook requests/s', f.webhook));
  else if (f.webhook === null) rows.push({ what: 'webhook requests/s', figure: 'skipped: runtime/server.ts not present' });
  else {
    const perRequest = f.webhook.requestsPerSecond * 3;
    rows.push(
      { what: 'requests/s', figure: `${fixed(f.webhook.requestsPerSecond)} /s`, ratio: times(f.webhook.requestsPerSecond / base), detail: `${fixed(f.webhook.requests)} requests; 3 activations each = ${fixed(perRequest)} activations/s (${times(perRequest / base)})` },
      { what: 'latency p50', figure: ms(f.webhook.p50, 1) },
      { what: 'latency p99', figure: ms(f.webhook.p99, 1) },
    );
  }
  return rows;
}

export const legend = [
  'vs baseline: throughput ÷ baseline jobs/s (higher is better); latency ÷ baseline hop latency (lower is better).',
  'Engine activations/s: its rounds alternate with the baseline\'s (baseline, chain, fan-out, round after round); the ratio is the median of each round ÷ the baseline round just before it.',
  'An activation is one executed actor: a chain run is 10, a fan-out run 52 (trigger + 50 + join), a webhook request 3.',
  'CPU per job / activation: Redis main process (INFO cpu) + this bench process (BullMQ worker, engine, the run listener), over the section; ratio ÷ the baseline job\'s (lower is better), less swayed by other load on the machine than throughput.',
  'Throughput is timed from the first startRun to the last run.completed, including starting the runs.',
].join('\n');
