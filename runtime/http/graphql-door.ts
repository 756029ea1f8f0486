/** @module runtime/graphql — GraphQL over HTTP at /graphql: the router the server mounts. */
import type Router from '@koa/router';
import type { FlowDocument } from '../../contract/flow-document.ts';
import type { FlowVersion } from '../../contract/versions.ts';
import type { ProductionCalls } from '../core/calls/production-call.ts';
import type { RunServices } from '../core/run-services.ts';
import type { ApiKeyStore } from '../services/stores/api-keys.ts';
import { ProjectSchemas } from '../integrations/graphql/project-schemas.ts';
import { graphqlRouter } from './routes/graphql.ts';
import { WorkflowCalls } from '../integrations/graphql/workflow-calls.ts';

export interface GraphqlApiDeps {
  services: RunServices;
  calls: ProductionCalls;
  flows: { list(projectId: string): Promise<FlowDocument[]> };
  /** the deployed versions the flows' fields are built from */
  versions: { get(flowId: string, version: number): Promise<FlowVersion | null> };
  apiKeys: Pick<ApiKeyStore, 'live' | 'confirm'>;
}

export function graphqlApi(deps: GraphqlApiDeps): Router {
  const schemas = new ProjectSchemas(deps.flows, deps.versions, new WorkflowCalls(deps.services, deps.calls));
  return graphqlRouter({ apiKeys: deps.apiKeys, schemas, projectOfFlow: async (flowId) => (await deps.services.flow(flowId)).projectId });
}
