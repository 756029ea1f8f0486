/** @module catalogue/services/flows — the project's other flows as tools of AI nodes (`ctx.services.flows`, catalogue/ai/tools.ts). */
import type { ErrorKind } from '../../contract/errors.ts';

/** Another flow of the project, called as a tool: a child run this actor awaits itself. */
export interface FlowAccess {
  /** its name and its trigger's input as a JSON schema; throws 'Workflow not found' */
  describe(flowId: string): Promise<{ name: string; inputSchema: Record<string, unknown> }>;
  /**
   * run it to its end as a child run of this actor; `key` names the call within this actor
   * (a re-run after a crash finds the same child run instead of starting another)
   */
  run(flowId: string, input: unknown, key: string): Promise<FlowRunResult>;
}

export interface FlowRunResult {
  runId: string;
  status: 'completed' | 'incomplete' | 'failed' | 'cancelled' | 'timeout';
  /** its response node's output, else its last node's */
  output?: unknown;
  error?: string;
  errorKind?: ErrorKind;
}
