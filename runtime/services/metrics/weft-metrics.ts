/**
 * @module runtime/services/metrics/weft-metrics — the figures an operator's Prometheus scrapes from a weft
 * process (`GET /metrics`, metrics-route.ts), with prom-client, one registry a process: the answers
 * of the production doors by status, production calls by door, status and project; production runs and their durations by door
 * and status (as their log records are written); activations and their durations by node type and outcome, and where they ran
 * (eagerly or from the queue); model tokens and cost by model (from the nodes' `_meta`); and, read when scraped, the queue
 * depth and put-backs, Redis's latency and outage state, sandbox slots in use, sync job states and the log
 * records the outage spool had to drop. docs/operations.md lists them.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ExecuteFn } from '../../../actors/engine-types.ts';
import { redisOutage } from '../../../actors/redis-outage.ts';
import { sandboxSlots } from '../../../catalogue/logic/code-node/sandbox.ts';
import type { LogRecord } from '../../../contract/logs.ts';
import { tokenUsageOf } from '../../../contract/token-usage.ts';
import type { ProductionCall } from '../logs/run-logger.ts';

/** What is read when Prometheus scrapes (each may be absent in a process without that part). */
export interface ScrapedSources {
  /** activations waiting for a worker over every queue */
  queueDepth?(): Promise<number>;
  /** of those, activations a worker put back for a moment for their project's share */
  putBack?(): Promise<number>;
  /** one round trip to Redis (a PING) */
  ping?(): Promise<unknown>;
  /** sync jobs by their queue state */
  syncJobStates?(): Promise<Record<string, number>>;
  /** log records of calls refused during an outage that found the spool full */
  droppedLogRecords?(): number;
}

const PING_TIMEOUT_MS = 1000;
const seconds = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** a run may go on for up to an hour after its call (the run logger's longest follow) */
const runSeconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600];

/** What an activation's executor ended with: its output, a wait, a child run, a loop, or whose fault its error is. */
function outcomeOf(result: Awaited<ReturnType<ExecuteFn>>): string {
  if (result.delayMs) return 'delay';
  if (result.awaitRun) return 'await';
  if (result.loop) return 'loop';
  return 'output';
}

export class WeftMetrics {
  readonly registry = new Registry();
  private readonly answers = new Counter({ name: 'weft_door_answers_total', help: 'Every answer of a production door (calls of unknown flows, shed load and outages included), by door and HTTP status', labelNames: ['door', 'status'], registers: [this.registry] });
  private readonly calls = new Counter({ name: 'weft_calls_total', help: 'Production calls of a project as they are logged, by door, HTTP status (async: 202) and project', labelNames: ['door', 'status', 'project'], registers: [this.registry] });
  private readonly callSeconds = new Histogram({ name: 'weft_call_duration_seconds', help: 'From a production call’s arrival to its answer, by door', labelNames: ['door'], buckets: seconds, registers: [this.registry] });
  private readonly runs = new Counter({ name: 'weft_runs_total', help: 'Production runs as their log record is written (once a run), by door and run status (completed, failed, incomplete, cancelled; running: still going an hour after its call)', labelNames: ['door', 'status'], registers: [this.registry] });
  private readonly runSeconds = new Histogram({ name: 'weft_run_duration_seconds', help: 'From a production call’s arrival to its run’s end, by door and run status', labelNames: ['door', 'status'], buckets: runSeconds, registers: [this.registry] });
  private readonly activations = new Counter({ name: 'weft_activations_total', help: 'Node executions in this process, by node type and outcome (output, delay, await, loop, or the error kind)', labelNames: ['node_type', 'outcome'], registers: [this.registry] });
  private readonly dispatched = new Counter({ name: 'weft_activations_dispatched_total', help: 'Node executions in this process by where they ran: eager (in the process that started the run) or queued (taken from the queue by a worker)', labelNames: ['dispatch'], registers: [this.registry] });
  private readonly activationSeconds = new Histogram({ name: 'weft_activation_duration_seconds', help: 'How long node executors ran, by node type', labelNames: ['node_type'], buckets: seconds, registers: [this.registry] });
  private readonly tokens = new Counter({ name: 'weft_model_tokens_total', help: 'Model tokens used by nodes, by model and kind (prompt, completion)', labelNames: ['model', 'kind'], registers: [this.registry] });
  private readonly cost = new Counter({ name: 'weft_model_cost_total', help: 'Model cost of nodes (the model pricing’s currency), by model', labelNames: ['model'], registers: [this.registry] });

  constructor(sources: ScrapedSources = {}) {
    collectDefaultMetrics({ register: this.registry, prefix: 'weft_' });
    const registers = [this.registry];
    new Gauge({ name: 'weft_redis_up', help: '1 while this process reaches Redis, 0 during an outage', registers, collect() { this.set(redisOutage.down ? 0 : 1); } });
    new Gauge({
      name: 'weft_sandbox_slots_in_use',
      help: 'Code-node sandbox slots held now (of weft_sandbox_slots)',
      registers,
      collect() {
        this.set(sandboxSlots().busy);
      },
    });
    new Gauge({ name: 'weft_sandbox_slots', help: 'Code-node sandbox slots of this process', registers, collect() { this.set(sandboxSlots().limit); } });
    if (sources.queueDepth) {
      const depth = sources.queueDepth;
      new Gauge({ name: 'weft_queue_depth', help: 'Activations waiting for a worker (waiting and put back), over every queue', registers, async collect() { this.set(await depth().catch(() => Number.NaN)); } });
    }
    if (sources.putBack) {
      const putBack = sources.putBack;
      new Gauge({ name: 'weft_queue_put_back', help: 'Activations a worker put back for a moment for their project’s share of its window (of weft_queue_depth)', registers, async collect() { this.set(await putBack().catch(() => Number.NaN)); } });
    }
    if (sources.ping) {
      const ping = sources.ping;
      new Gauge({
        name: 'weft_redis_latency_seconds',
        help: 'One PING’s round trip when scraped (NaN when Redis did not answer within 1 s)',
        registers,
        async collect() {
          this.set(await timed(ping));
        },
      });
    }
    if (sources.syncJobStates) {
      const states = sources.syncJobStates;
      new Gauge({
        name: 'weft_sync_jobs',
        help: 'Sync jobs of data-source flows by queue state',
        labelNames: ['state'],
        registers,
        async collect() {
          for (const [state, count] of Object.entries(await states().catch(() => ({})))) this.set({ state }, count);
        },
      });
    }
    if (sources.droppedLogRecords) {
      const dropped = sources.droppedLogRecords;
      new Gauge({ name: 'weft_outage_log_records_dropped', help: 'Calls refused during a Redis outage whose log record was dropped (the spool was full)', registers, collect() { this.set(dropped()); } });
    }
  }

  /** A production door answered `status` (counted when the answer is sent). */
  answered(door: string, status: number): void {
    this.answers.inc({ door, status: String(status) });
  }

  /** A production call of a project was answered: what the run logger is handed (its project known or read). */
  call(call: Pick<ProductionCall, 'trigger' | 'answerStatus' | 'flow' | 'receivedAt'>): void {
    this.calls.inc({ door: call.trigger, status: String(call.answerStatus), project: call.flow?.projectId ?? 'unknown' });
    this.callSeconds.observe({ door: call.trigger }, Math.max(0, Date.now() - call.receivedAt) / 1000);
  }

  /** A production run's log record was written (once a run): a run that ended, or still going when its record was due. */
  run(record: Pick<LogRecord, 'trigger' | 'runStatus' | 'durationMs'>): void {
    if (record.runStatus === null) return;
    const labels = { door: record.trigger, status: record.runStatus };
    this.runs.inc(labels);
    if (record.runStatus !== 'running') this.runSeconds.observe(labels, record.durationMs / 1000);
  }

  /** `execute`, counted and timed, with the model usage of the outputs it gives. */
  observe(execute: ExecuteFn): ExecuteFn {
    return async (activation) => {
      const nodeType = activation.node.type;
      this.dispatched.inc({ dispatch: activation.eager ? 'eager' : 'queued' });
      const end = this.activationSeconds.startTimer({ node_type: nodeType });
      try {
        const result = await execute(activation);
        end();
        this.activations.inc({ node_type: nodeType, outcome: outcomeOf(result) });
        this.modelUsage(result.output);
        return result;
      } catch (error) {
        end();
        const kind = (error as { kind?: unknown } | null)?.kind;
        this.activations.inc({ node_type: nodeType, outcome: typeof kind === 'string' ? kind : 'unexpected' });
        throw error;
      }
    };
  }

  private modelUsage(output: unknown): void {
    const meta = output && typeof output === 'object' ? (output as { _meta?: unknown })._meta : undefined;
    if (!meta) return;
    for (const one of Array.isArray(meta) ? meta : [meta]) {
      const { tokenUsage, cost, models } = tokenUsageOf([{ _meta: one }]);
      const model = models[0] ?? 'unknown';
      if (tokenUsage.promptTokens) this.tokens.inc({ model, kind: 'prompt' }, tokenUsage.promptTokens);
      if (tokenUsage.completionTokens) this.tokens.inc({ model, kind: 'completion' }, tokenUsage.completionTokens);
      if (cost) this.cost.inc({ model }, cost);
    }
  }
}

async function timed(ping: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((done) => (timer = setTimeout(() => done(false), PING_TIMEOUT_MS)));
  try {
    const answered = await Promise.race([ping().then(() => true, () => false), late]);
    return answered ? Number(process.hrtime.bigint() - started) / 1e9 : Number.NaN;
  } finally {
    clearTimeout(timer);
  }
}
