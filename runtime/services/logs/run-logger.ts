/**
 * @module runtime/services/logs/run-logger — one log record per production call (webhook, GraphQL,
 * widgets). The production call (runtime/core/calls/production-call.ts) hands over what it knows
 * when it has answered (and, for a realtime call, notes its run as followed when it starts, so
 * a call whose answer is never delivered is logged too); a run still going on then
 * (async calls, or nodes after the response node) is followed to its end in the background by
 * the server process that took the call, and the record is written when it ends: node ids,
 * token usage and cost come from the finished run. While a run is followed it is listed in the
 * log store's `following` hash, so a server that starts later follows what a stopped one left
 * (`resumeFollowing`); a run's record id comes from the run id, so it is written once.
 * Writing and publishing never fail a call or a run: their errors are swallowed (spec 002 §8).
 */
import type { Engine } from '../../../actors/engine.ts';
import type { RunTold } from '../../../actors/run-told.ts';
import { asErrorKind, statusOfKind, type ErrorKind } from '../../../contract/errors.ts';
import { LogStore } from '../stores/logs.ts';
import type { LogRecord } from '../../../contract/logs.ts';
import { tokenUsageOf } from '../../../contract/token-usage.ts';
import { loggedBody, severityOf } from './log-record.ts';
import type { PublishLog } from './publisher.ts';

/** What the production call knows when it has answered. */
export interface ProductionCall {
  flowId: string;
  /** the flow's project and name when the call found it (else the logger reads them: flowOf) */
  flow?: { projectId: string; name: string };
  /** null when the call was refused before a run started */
  runId: string | null;
  trigger: 'webhook' | 'graphql' | 'chat' | 'search' | 'mcp' | 'teams' | 'app' | 'sync' | 'rerun';
  /** a production-mode re-run of a past run (docs/debugging.md): the run and node it started from */
  rerunOf?: LogRecord['rerunOf'];
  /** the deployed version the call ran (absent when it was refused before a version was found) */
  deployedVersion?: number;
  /** the caller's Idempotency-Key, when it sent one */
  idempotencyKey?: string;
  /** true when the caller got 202 and the run goes on without them */
  async: boolean;
  /**
   * true while a realtime caller has not been answered (RunLogger.started): a server that
   * resumes the record after this one stopped takes its status from the run, like an async call's
   */
  unanswered?: boolean;
  answerStatus: number;
  receivedAt: number;
  request: { method: string; path: string; body: unknown };
  /** the error answered, if any, whose fault it is, and the node that failed */
  error?: string;
  errorKind?: ErrorKind;
  failedNode?: string;
  /** the run as the call's wait heard it from its start to its end: nothing is read back for the record */
  told?: RunTold;
}

export interface RunLoggerDeps {
  engine: Engine;
  store: LogStore;
  /** the flow's project and name; null when it is gone */
  flowOf(flowId: string): Promise<{ projectId: string; name: string } | null>;
  publish?: PublishLog;
  /** told each record once it is written (the first time: a run's record is written once) */
  written?(record: LogRecord): void;
  /** how long after the call a run is followed before its record is written as still running; default 1 h */
  maxWaitMs?: number;
}

/** What the record takes of a run that ended (its snapshot's, or as its call heard it: RunTold). */
function endOf({ ran, ...end }: Omit<RunTold, 'finishedAt'> & { finishedAt?: number }): RunEnd {
  return { ...end, nodeIds: [...new Set(ran.map((actor) => actor.nodeId))], outputs: ran.map((actor) => actor.output) };
}

/** an async call's status is its run's outcome; a failed run's is the status of its error kind */
const outcomeStatus: Record<string, number> = { completed: 200, incomplete: 200, cancelled: 499, running: 202 };

interface RunEnd {
  status: string;
  finishedAt?: number;
  error?: string;
  errorKind?: ErrorKind;
  failedNode?: string;
  nodeIds: string[];
  outputs: unknown[];
}

export class RunLogger {
  private readonly pending = new Set<Promise<void>>();
  private warned = 0;
  private stopped = false;

  constructor(private readonly deps: RunLoggerDeps) {}

  /** Record a production call; returns at once (the record is written in the background). */
  record(call: ProductionCall): void {
    // Masked here, before the call is kept anywhere (the following hash included).
    const safe = { ...call, request: { ...call.request, body: loggedBody(call.request.body) } };
    this.track(this.write(safe));
  }

  /**
   * A realtime call's run has started: until the call is answered (`record`), the run is listed
   * as followed, so when this server stops first (the caller is never answered) the next one
   * writes its record when the run ends. Returns at once.
   */
  started(call: Omit<ProductionCall, 'async' | 'answerStatus'> & { runId: string }): void {
    const waiting: ProductionCall = { ...call, request: { ...call.request, body: loggedBody(call.request.body) }, async: false, unanswered: true, answerStatus: 0 };
    this.track(this.deps.store.follow(call.runId, JSON.stringify(waiting)));
  }

  /** Follow the runs a stopped server was following (called once when a server starts). */
  async resumeFollowing(): Promise<number> {
    try {
      const entries = Object.values(await this.deps.store.following());
      for (const text of entries) this.track(this.write(JSON.parse(text) as ProductionCall));
      return entries.length;
    } catch (error) {
      this.warn('resuming the followed runs', error);
      return 0;
    }
  }

  /** Resolves once every record handed over so far is written (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  /**
   * The server is closing: runs still followed stay in the `following` hash for the next server,
   * so the failures their half-done writes meet on the closed connection are expected, not warned.
   */
  stop(): void {
    this.stopped = true;
  }

  private track(job: Promise<void>): void {
    const quiet = job.catch((error: unknown) => this.warn('writing a log record', error));
    this.pending.add(quiet);
    void quiet.finally(() => this.pending.delete(quiet));
  }

  private async write(call: ProductionCall): Promise<void> {
    const flow = call.flow ?? (await this.deps.flowOf(call.flowId));
    const run = call.told ? endOf(call.told) : call.runId ? await this.runEnd({ ...call, runId: call.runId }) : null;
    if (flow) {
      const record = this.recordOf(call, flow, run);
      if (await this.deps.store.append(record)) {
        this.deps.written?.(record);
        if (this.deps.publish) await this.deps.publish(record).catch((e: unknown) => this.warn('publishing a log record', e));
      }
    }
    if (call.runId) await this.deps.store.followed(call.runId);
  }

  private recordOf(call: ProductionCall, flow: { projectId: string; name: string }, run: RunEnd | null): LogRecord {
    const responseStatus = !call.async && !call.unanswered
      ? call.answerStatus
      : run?.status === 'failed'
        ? statusOfKind(run.errorKind)
        : (outcomeStatus[run?.status ?? 'running'] ?? 202);
    const endedAt = run?.finishedAt ?? Date.now();
    const record: LogRecord = {
      id: LogStore.newId(call.runId),
      timestamp: call.receivedAt,
      severity: severityOf(responseStatus),
      projectId: flow.projectId,
      flowId: call.flowId,
      flowName: flow.name,
      runId: call.runId,
      trigger: call.trigger,
      ...(call.deployedVersion ? { deployedVersion: call.deployedVersion } : {}),
      ...(call.idempotencyKey ? { idempotencyKey: call.idempotencyKey } : {}),
      ...(call.rerunOf ? { rerunOf: call.rerunOf } : {}),
      executionType: call.async ? 'async' : 'realtime',
      environment: 'production',
      request: call.request,
      responseStatus,
      runStatus: run?.status ?? null,
      durationMs: Math.max(0, endedAt - call.receivedAt),
      nodeIds: run?.nodeIds ?? [],
      ...tokenUsageOf(run?.outputs ?? []),
    };
    // the run's own failure when it has one (it may fail after answering), else what was answered
    const failure = run?.error ? run : call;
    if (failure.error) record.error = failure.error;
    if (failure.error && failure.errorKind) record.errorKind = failure.errorKind;
    if (failure.error && failure.failedNode) record.failedNode = failure.failedNode;
    return record;
  }

  /** The run once it has ended (followed for at most maxWaitMs after the call), or null when it is gone. */
  private async runEnd(call: ProductionCall & { runId: string }): Promise<RunEnd | null> {
    const { engine, store } = this.deps;
    // most runs have ended when their call is answered: one read then
    let snapshot = await engine.snapshot(call.runId);
    if (snapshot?.status === 'running') {
      await store.follow(call.runId, JSON.stringify(call));
      const left = call.receivedAt + (this.deps.maxWaitMs ?? 3600_000) - Date.now();
      if (left > 0) await engine.awaitResult(call.runId, call.flowId, [], left);
      snapshot = await engine.snapshot(call.runId);
    }
    if (!snapshot) return null;
    const ran = Object.entries(snapshot.nodes)
      .filter(([, actor]) => actor.state === 'completed' || actor.state === 'failed')
      .sort(([, a], [, b]) => (a.startedAt ?? 0) - (b.startedAt ?? 0));
    return endOf({
      status: snapshot.status,
      finishedAt: snapshot.finishedAt,
      error: snapshot.error,
      errorKind: snapshot.status === 'failed' ? asErrorKind(snapshot.errorKind) : undefined,
      failedNode: snapshot.failedNode,
      ran: ran.map(([actor, { output }]) => ({ nodeId: actor.split('#')[0], output })),
    });
  }

  /** One line, without the error's details (they could carry a URL or a key); at most 20 a process. */
  private warn(what: string, error: unknown): void {
    if (this.stopped) return;
    if (this.warned++ < 20) console.warn(`[weft logs] ${what} failed: ${error instanceof Error ? error.message.slice(0, 200) : 'unknown error'}`);
  }
}
