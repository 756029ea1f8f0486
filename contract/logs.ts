/**
 * @module contract/logs — the log record of one production call (spec 002 §3, §9) and the
 * logs route's query and page, as the runtime writes them and the studio's Logs page reads
 * them. Browser-safe: types and the severity list.
 */
import type { ErrorKind } from './errors.ts';
import type { RunMeta } from './runs.ts';

export type Severity = 'INFO' | 'WARN' | 'ERROR';
export const severities: readonly Severity[] = ['INFO', 'WARN', 'ERROR'];

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export interface LogRecord {
  id: string;
  /** when the call arrived (ms) */
  timestamp: number;
  severity: Severity;
  projectId: string;
  flowId: string;
  flowName: string;
  /** null when the call was refused before a run started (no API key, plan limit…) */
  runId: string | null;
  /** the production trigger: 'webhook', 'graphql', 'chat' or 'search' (widget calls), 'mcp' (an MCP tool call), 'teams' (a Teams bot activity), 'app' (an app trigger's service), 'sync' (a data-source flow's sync job), 'rerun' (a production-mode re-run from a node) */
  trigger: string;
  /** the deployed version of the flow the call ran (contract/versions.ts); absent when the call was refused before one was found */
  deployedVersion?: number;
  /** the caller's Idempotency-Key (a retry of the call with it got this call's run) */
  idempotencyKey?: string;
  /** a production-mode re-run (docs/debugging.md): the run and the node it started from */
  rerunOf?: RunMeta['rerunOf'];
  /** 'realtime': the caller got the answer in the call; 'async': the caller got 202 and the run went on */
  executionType: 'realtime' | 'async';
  environment: 'production';
  /** method, path and body (at most 4 KB of it); never headers or the query string */
  request: { method: string; path: string; body: unknown };
  /** realtime: the status answered; async: the run's outcome (200 completed, 500 failed, 499 cancelled, 202 still running) */
  responseStatus: number;
  runStatus: string | null;
  /** from the call's arrival to the run's end (or to the answer, when no run started) */
  durationMs: number;
  /** the nodes that ran, in the order they started */
  nodeIds: string[];
  tokenUsage: TokenUsage;
  /** summed `_meta` cost, in the model pricing's currency */
  cost: number;
  models: string[];
  error?: string;
  /** whose fault the error is (contract/errors.ts): the run's, or the refusal's when no run failed */
  errorKind?: ErrorKind;
  /** the node that failed */
  failedNode?: string;
}

/** `GET /api/projects/:projectId/logs?flowId&severity&from&to&cursor&limit`, newest first. */
export interface LogQuery {
  flowId?: string;
  severity?: Severity;
  /** ms, inclusive */
  from?: number;
  /** ms, inclusive */
  to?: number;
  cursor?: string;
  /** records a page holds (1–200; 50 when not given) */
  limit?: number;
}

export interface LogPage {
  items: LogRecord[];
  /** pass back as `cursor` for the next (older) page; null at the end */
  nextCursor: string | null;
}
