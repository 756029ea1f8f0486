/**
 * @module runtime/integrations/graphql/project-schemas — each project's GraphQL schema, cached.
 *
 * Every request reads the project's flows (one ZRANGE + MGET through the flow store) and
 * fingerprints the active ones (id, deployed version); the schema is rebuilt only when that
 * fingerprint changes — a flow deployed, undeployed or deleted — so every server process sees a
 * deploy on the next request, with no message between them. A flow's field comes from its
 * deployed version (name, trigger), never from its draft: editing the draft changes nothing here.
 * Concurrent requests of one project share one read.
 */
import type { GraphQLSchema } from 'graphql';
import { definition as graphqlTrigger } from '../../../catalogue/interface/graphql-trigger-node/definition.ts';
import { applyDefaults } from '../../../catalogue/values.ts';
import type { FlowDocument } from '../../../contract/flow-document.ts';
import type { FlowVersion } from '../../../contract/versions.ts';
import { liveOf } from '../../services/flows/live-flows.ts';
import { buildProjectSchema, type GraphqlFlow } from './schema.ts';
import { GRAPHQL_TRIGGER, type WorkflowCalls } from './workflow-calls.ts';

/** projects whose schema is kept; the least recently used one goes first */
const MAX_CACHED = 500;

export class ProjectSchemas {
  private readonly cache = new Map<string, { fingerprint: string; schema: GraphQLSchema }>();
  private readonly reading = new Map<string, Promise<GraphQLSchema>>();
  /** how often a schema was built (tests read it) */
  builds = 0;

  constructor(
    private readonly flows: { list(projectId: string): Promise<FlowDocument[]> },
    private readonly versions: { get(flowId: string, version: number): Promise<FlowVersion | null> },
    private readonly calls: WorkflowCalls,
  ) {}

  forProject(projectId: string): Promise<GraphQLSchema> {
    let pending = this.reading.get(projectId);
    if (!pending) {
      pending = this.read(projectId).finally(() => this.reading.delete(projectId));
      this.reading.set(projectId, pending);
    }
    return pending;
  }

  private async read(projectId: string): Promise<GraphQLSchema> {
    const live = liveOf(await this.flows.list(projectId));
    const fingerprint = JSON.stringify(live.map((f) => [f.id, f.deployedVersion]));
    const cached = this.cache.get(projectId);
    this.cache.delete(projectId);
    const entry = cached?.fingerprint === fingerprint ? cached : { fingerprint, schema: await this.build(live) };
    this.cache.set(projectId, entry);
    if (this.cache.size > MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
    return entry.schema;
  }

  /** The live flows' deployed versions that the GraphQL trigger starts, in the live flows' order. */
  private async build(live: FlowDocument[]): Promise<GraphQLSchema> {
    const deployed = await Promise.all(live.map((flow) => this.versions.get(flow.id, flow.deployedVersion!)));
    const flows = deployed.flatMap((version): GraphqlFlow[] => {
      const trigger = version?.nodes.find((node) => node.type === GRAPHQL_TRIGGER);
      if (!version || !trigger) return [];
      return [{ id: version.flowId, name: version.name, advanceSchema: applyDefaults(graphqlTrigger, trigger.values).advance_schema }];
    });
    this.builds++;
    return buildProjectSchema(flows, this.calls);
  }
}
