/**
 * @module runtime/logs/run-logger — one log record per production call (webhook, GraphQL).
 * The trigger route hands over what it knows when it has answered; a run still going on then
 * (async calls, or nodes after the response node) is followed to its end in the background,
 * in the process that took the call, and the record is written when it ends: node ids, token
 * usage and cost come from the finished run. Writing and publishing never fail a call or a run:
 * their errors are swallowed (spec 002 §8).
 */
import type { Engine } from '../../actors/engine.ts';
import type { RunStatus } from '../../actors/types.ts';
import { LogStore } from '../stores/logs.ts';
import { loggedBody, severityOf, tokenUsageOf, type LogRecord } from './log-record.ts';
import type { PublishLog } from './publisher.ts';

/** What a production trigger route knows when it has answered a call. */
export interface ProductionCall {
  flowId: string;
  /** null when the call was refused before a run started */
  runId: string | null;
  trigger: 'webhook' | 'graphql';
  /** true when the caller got 202 and the run goes on without them */
  async: boolean;
  answerStatus: number;
  receivedAt: number;
  request: { method: string; path: string; body: unknown };
  /** the error answered, if any */
  error?: string;
}

export interface RunLoggerDeps {
  engine: Engine;
  store: LogStore;
  /** the flow's project and name; null when it is gone */
  flowOf(flowId: string): Promise<{ projectId: string; name: string } | null>;
  publish?: PublishLog;
  /** how long a run is followed before its record is written as still running; default 1 h */
  maxWaitMs?: number;
}

const outcomeStatus: Record<string, number> = { completed: 200, incomplete: 200, failed: 500, cancelled: 499, running: 202 };

export class RunLogger {
  private readonly pending = new Set<Promise<void>>();
  private warned = 0;

  constructor(private readonly deps: RunLoggerDeps) {}

  /** Record a production call; returns at once (the record is written in the background). */
  record(call: ProductionCall): void {
    const job = this.write(call).catch((error: unknown) => this.warn('writing a log record', error));
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
  }

  /** Resolves once every record handed over so far is written (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  private async write(call: ProductionCall): Promise<void> {
    const flow = await this.deps.flowOf(call.flowId);
    if (!flow) return;
    const run = call.runId ? await this.followRun(call.flowId, call.runId) : null;
    const responseStatus = call.async ? outcomeStatus[run?.status ?? 'running'] : call.answerStatus;
    const endedAt = run?.finishedAt ?? Date.now();
    const record: LogRecord = {
      id: LogStore.newId(),
      timestamp: call.receivedAt,
      severity: severityOf(responseStatus),
      projectId: flow.projectId,
      flowId: call.flowId,
      flowName: flow.name,
      runId: call.runId,
      trigger: call.trigger,
      executionType: call.async ? 'async' : 'realtime',
      environment: 'production',
      request: { method: call.request.method, path: call.request.path, body: loggedBody(call.request.body) },
      responseStatus,
      runStatus: run?.status ?? null,
      durationMs: Math.max(0, endedAt - call.receivedAt),
      nodeIds: run?.nodeIds ?? [],
      ...tokenUsageOf(run?.outputs ?? []),
    };
    const error = run?.error ?? call.error;
    if (error) record.error = error;
    await this.deps.store.append(record);
    if (this.deps.publish) await this.deps.publish(record).catch((e: unknown) => this.warn('publishing a log record', e));
  }

  /** Wait for the run's end (bounded), then read what ran. */
  private async followRun(flowId: string, runId: string) {
    const { engine } = this.deps;
    await engine.awaitResult(runId, flowId, [], this.deps.maxWaitMs ?? 3600_000);
    const snapshot = await engine.snapshot(runId);
    if (!snapshot) return null;
    const ran = Object.entries(snapshot.nodes)
      .filter(([, actor]) => actor.state === 'completed' || actor.state === 'failed')
      .sort(([, a], [, b]) => (a.startedAt ?? 0) - (b.startedAt ?? 0));
    return {
      status: snapshot.status as RunStatus,
      finishedAt: snapshot.finishedAt,
      error: snapshot.error,
      nodeIds: [...new Set(ran.map(([actor]) => actor.split('#')[0]))],
      outputs: ran.map(([, actor]) => actor.output),
    };
  }

  /** One line, without the error's details (they could carry a URL or a key); at most 20 a process. */
  private warn(what: string, error: unknown): void {
    if (this.warned++ < 20) console.warn(`[weft logs] ${what} failed: ${error instanceof Error ? error.message.slice(0, 200) : 'unknown error'}`);
  }
}
