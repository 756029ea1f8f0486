/**
 * @module runtime/integrations/graphql/workflow-calls — what executeWorkflow, executeAgent and checkStatus do,
 * apart from GraphQL: start a production run of a flow whose trigger is the GraphQL trigger, answer
 * realtime or with a request id, and report a request's status.
 *
 * The request id is the run id: a run's meta already holds its project, mode and status, so
 * nothing else is stored. checkStatus answers only for production runs of a GraphQL flow of the
 * caller's project, for as long as the run's keys live (WEFT_RUN_RETENTION).
 */
import { GraphQLError } from 'graphql';
import { runKeys } from '../../../actors/keys.ts';
import type { Plan, PlanNode } from '../../../actors/types.ts';
import { asyncResponseValues } from '../../../catalogue/response/graphql-response-node/async-values.ts';
import { asErrorKind } from '../../../contract/errors.ts';
import { REALTIME_WAIT_MS, type ProductionCalls } from '../../core/calls/production-call.ts';
import { isAgentPlan, notAnAgent } from '../../services/flows/agent-flows.ts';
import { answerOf } from '../../services/domain-errors.ts';
import type { RunServices } from '../../core/run-services.ts';

/** where the route serves GraphQL, and the path every call through it is logged under */
export const GRAPHQL_PATH = '/graphql';
export const GRAPHQL_TRIGGER = 'graphqlTriggerNode';
export const GRAPHQL_RESPONSE = 'graphqlResponseNode';

/** What executeWorkflow (and each flow's own operation) answers. */
export interface WorkflowAnswer {
  /** 'incomplete': the run was stopped as not complete (spec 000 §4, a cloud-drive read) */
  status: 'success' | 'incomplete' | 'error';
  result: unknown;
  requestId: string;
}

/** What checkStatus answers (a JSON scalar). */
export interface RequestStatus {
  requestId: string;
  workflowId: string;
  status: 'running' | 'success' | 'incomplete' | 'error' | 'failed';
  result: unknown;
}

const RUN_ID = /^run_[0-9a-f]{32}$/;

/** An error as GraphQL answers it: `errors[0].message`, with weft's code in extensions. */
export function graphqlError(message: string, code: string, extra: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...extra } });
}

/** A refusal (domain error) as a GraphQL error with its code; anything else stays unexpected. */
const asGraphqlError = (error: unknown): unknown => {
  const known = answerOf(error);
  return known ? graphqlError(known.message, known.code, known.details) : error;
};

export class WorkflowCalls {
  /** async variants of plans, made once per compiled plan (plans are cached per flow version) */
  private readonly asyncPlans = new WeakMap<Plan, Plan>();

  constructor(
    private readonly services: Pick<RunServices, 'engine'>,
    private readonly calls: ProductionCalls,
    private readonly options: { realtimeTimeoutMs?: number } = {},
  ) {}

  /**
   * Run an active GraphQL flow of `projectId` with `payload`: a production call
   * (runtime/core/calls/production-call.ts) of its newest deployed version, or of `version`.
   * `agent`: executeAgent — the flow must also be an agent (runtime/services/flows/agent-flows.ts).
   */
  async execute(projectId: string, workflowId: string, payload: unknown, version?: number | null, options: { agent?: boolean; idempotencyKey?: string } = {}): Promise<WorkflowAnswer> {
    const waitMs = this.options.realtimeTimeoutMs ?? REALTIME_WAIT_MS;
    if (version != null && version < 1) throw graphqlError(`A version is a whole number of 1 or more, not ${version}`, 'bad_request');
    let async = false;
    const outcome = await this.calls
      .call({
        flowId: workflowId,
        ...(version != null ? { version } : {}),
        policy: { door: 'graphql', access: { by: 'project', projectId }, waitMs, late: 'follow' },
        input: ({ flow, compiled }) => {
          if (options.agent && !isAgentPlan(compiled.plan)) throw notAnAgent(flow.id);
          return payload;
        },
        request: { method: 'POST', path: GRAPHQL_PATH, body: payload },
        ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
        variant: ({ compiled }) => {
          async = compiled.trigger.values?.responeType === 'async';
          return { plan: async ? this.asyncPlan(compiled.plan, compiled.trigger) : compiled.plan, async };
        },
      })
      .catch((error: unknown) => {
        throw asGraphqlError(error);
      });
    const requestId = outcome.runId;
    switch (outcome.status) {
      case 'answered':
        return { status: outcome.incomplete ? 'incomplete' : 'success', result: outcome.output, requestId };
      case 'running':
        if (async) return { status: 'success', result: { requestId, status: 'running' }, requestId };
        // A realtime call that outlasted its wait leaves the run going on, as an async one does.
        throw graphqlError(
          `The flow did not answer within ${Math.round(waitMs / 1000)} s; it goes on: follow it with checkStatus(requestId: "${requestId}")`,
          'timeout',
          { requestId },
        );
      case 'failed': {
        const { message, kind, nodeId } = outcome.failure;
        return { status: 'error', result: { message, errorKind: kind ?? null, failedNode: nodeId ?? null }, requestId };
      }
    }
  }

  /** The plan with its GraphQL response nodes set up to deliver to the webhook (async-values.ts). */
  private asyncPlan(plan: Plan, trigger: PlanNode): Plan {
    let made = this.asyncPlans.get(plan);
    if (!made) {
      const nodes = Object.fromEntries(
        Object.entries(plan.nodes).map(([id, node]) => [
          id,
          node.type === GRAPHQL_RESPONSE ? { ...node, values: asyncResponseValues(node.values, trigger.values) } : node,
        ]),
      );
      made = { ...plan, nodes };
      this.asyncPlans.set(plan, made);
    }
    return made;
  }

  /** The status of a request (run) of a GraphQL flow of `projectId`. */
  async status(projectId: string, requestId: string): Promise<RequestStatus> {
    const notFound = () => graphqlError('Request not found', 'not_found');
    if (!RUN_ID.test(requestId)) throw notFound();
    const { engine } = this.services;
    const meta = await engine.meta(requestId);
    if (!meta || meta.projectId !== projectId || meta.mode !== 'production') throw notFound();
    const triggerText = await engine.redis.hget(runKeys(engine.prefix, requestId).plan, meta.trigger);
    if (!triggerText || (JSON.parse(triggerText) as PlanNode).type !== GRAPHQL_TRIGGER) throw notFound();
    const base = { requestId, workflowId: meta.flowId };
    switch (meta.status) {
      case 'running':
        return { ...base, status: 'running', result: null };
      case 'completed':
      case 'incomplete':
        return { ...base, status: meta.status === 'incomplete' ? 'incomplete' : 'success', result: (await engine.runOutput(requestId)) ?? null };
      case 'failed':
        return {
          ...base,
          status: 'error',
          result: { message: meta.error ?? 'The run failed', errorKind: asErrorKind(meta.errorKind), failedNode: meta.failedNode ?? null },
        };
      case 'cancelled':
        return { ...base, status: 'failed', result: { message: 'The run was cancelled' } };
    }
  }
}
