/**
 * @module runtime/integrations/graphql/schema — a project's GraphQL schema: the wire-compatible
 * `executeWorkflow(workflowId: String!, payload: JSON!)`, `executeAgent(agentId: String!,
 * payload: JSON!)` (the same for a flow that is an agent) and `checkStatus(requestId: String!)`
 * queries, plus one typed query per active GraphQL flow of the project, its input type built
 * from the deployed trigger's advance_schema (input-types.ts). Both take `version: Int` to run
 * a given deployed version instead of the newest.
 */
import { GraphQLInt, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString, isInputObjectType, type GraphQLFieldConfig, type GraphQLInputType } from 'graphql';
import { parseJsonish } from '../../../catalogue/coerce.ts';
import { InputTypeBuilder, pascalName } from './input-types.ts';
import { GraphQLJSON } from './json-scalar.ts';
import type { WorkflowCalls } from './workflow-calls.ts';

/** What each resolver gets: the project the caller's API key belongs to. */
/** A request's: the project its API key is of, and the caller's Idempotency-Key (one flow call a keyed request) */
export type GraphqlContext = { projectId: string; idempotencyKey?: string };

/** An active flow of the project whose trigger is the GraphQL trigger. */
export interface GraphqlFlow {
  id: string;
  name: string;
  /** the trigger's advance_schema value as stored (JSON text or data) */
  advanceSchema: unknown;
}

const WorkflowResult = new GraphQLObjectType({
  name: 'WorkflowResult',
  description: 'The answer of a flow run over GraphQL.',
  fields: {
    status: { type: new GraphQLNonNull(GraphQLString), description: "'success', 'incomplete' (the run was stopped as not complete: a cloud-drive read) or 'error' (the run failed: result.message says why)" },
    result: {
      type: GraphQLJSON,
      description: "Realtime: the GraphQL Response node's mapped output. Async: { requestId, status: 'running' }.",
    },
    requestId: { type: GraphQLString, description: 'The run: follow it with checkStatus(requestId).' },
  },
});

const versionArgument = {
  type: GraphQLInt,
  description: 'A deployed version of the flow to run (1, 2, …); the newest when left out.',
};

const RESERVED = new Set(['executeWorkflow', 'executeAgent', 'checkStatus']);

/** `Order lookup` → `orderLookup`, unique among the query's fields. */
function operationName(flow: GraphqlFlow, taken: Set<string>): string {
  const pascal = pascalName(flow.name || 'flow');
  let name = pascal[0].toLowerCase() + pascal.slice(1);
  if (taken.has(name) || RESERVED.has(name)) name = `${name}_${flow.id}`;
  taken.add(name);
  return name;
}

export function buildProjectSchema(flows: GraphqlFlow[], calls: WorkflowCalls): GraphQLSchema {
  const fields: Record<string, GraphQLFieldConfig<unknown, GraphqlContext>> = {
    executeWorkflow: {
      type: WorkflowResult,
      description:
        'Run an active flow whose trigger is the GraphQL trigger. Realtime flows answer with the response node’s output; ' +
        'async flows answer at once with a requestId for checkStatus (and POST the result to their webhook).',
      args: {
        workflowId: { type: new GraphQLNonNull(GraphQLString) },
        payload: { type: new GraphQLNonNull(GraphQLJSON), description: 'The trigger’s output: read it as {{trigger.output.field}}.' },
        version: versionArgument,
      },
      resolve: (_root, args: { workflowId: string; payload: unknown; version?: number | null }, ctx) =>
        calls.execute(ctx.projectId, args.workflowId, args.payload, args.version, { idempotencyKey: ctx.idempotencyKey }),
    },
    executeAgent: {
      type: WorkflowResult,
      description:
        'Run an agent: an active flow whose trigger is the GraphQL trigger and which holds a Supervisor agent or an Agent ' +
        'classifier node (its id is the flow id). Same answer and errors as executeWorkflow; a flow that holds no agent node ' +
        "is refused (code 'not_an_agent').",
      args: {
        agentId: { type: new GraphQLNonNull(GraphQLString) },
        payload: { type: new GraphQLNonNull(GraphQLJSON), description: 'The trigger’s output: read it as {{trigger.output.field}}.' },
        version: versionArgument,
      },
      resolve: (_root, args: { agentId: string; payload: unknown; version?: number | null }, ctx) =>
        calls.execute(ctx.projectId, args.agentId, args.payload, args.version, { agent: true, idempotencyKey: ctx.idempotencyKey }),
    },
    checkStatus: {
      type: GraphQLJSON,
      description:
        "{ requestId, workflowId, status, result }: status is 'running', then 'success' (result: the response node’s " +
        "output), 'error' (a node failed: result.message) or 'failed' (the run was cancelled).",
      args: { requestId: { type: new GraphQLNonNull(GraphQLString) } },
      resolve: (_root, args: { requestId: string }, ctx) => calls.status(ctx.projectId, args.requestId),
    },
  };
  const typeNames = new Set(['WorkflowResult', 'JSON', 'Query']);
  const builder = new InputTypeBuilder(typeNames);
  const taken = new Set<string>();
  for (const flow of flows) {
    const parsed = parseJsonish(flow.advanceSchema ?? {});
    const name = operationName(flow, taken);
    const input = builder.fromAdvanceSchema(parsed.ok ? parsed.value : {}, `${name[0].toUpperCase()}${name.slice(1)}Input`);
    const required = input.type instanceof GraphQLNonNull || hasRequiredField(input.type);
    fields[name] = {
      type: WorkflowResult,
      description: `Run the flow “${flow.name}” (${flow.id}) with a typed payload; same answer as executeWorkflow.`,
      args: {
        input: { type: required ? new GraphQLNonNull(input.type) : input.type, description: 'The payload, as the flow’s input schema describes it.' },
        version: versionArgument,
      },
      resolve: (_root, args: { input?: unknown; version?: number | null }, ctx) =>
        calls.execute(ctx.projectId, flow.id, input.toPayload(args.input ?? {}), args.version, { idempotencyKey: ctx.idempotencyKey }),
    };
  }
  return new GraphQLSchema({ query: new GraphQLObjectType({ name: 'Query', fields }) });
}

/** An input object with a required field must be given; anything else may be left out. */
function hasRequiredField(type: GraphQLInputType): boolean {
  return isInputObjectType(type) && Object.values(type.getFields()).some((field) => field.type instanceof GraphQLNonNull);
}
