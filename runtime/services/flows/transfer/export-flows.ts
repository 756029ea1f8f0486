/**
 * @module runtime/services/flows/transfer/export-flows — a flow or a whole project as an export document
 * (contract/flow-export.ts): drafts, deployed versions on request, the credentials' names and
 * types (never their `credentials`), the project's default models.
 */
import type { FlowDocument } from '../../../../contract/flow-document.ts';
import { EXPORT_FORMAT, FLOW_FORMAT_VERSION, type ExportDocument, type ExportedCredential, type ExportedFlow } from '../../../../contract/flow-export.ts';
import type { DefaultModelsStore } from '../../models/default-models.ts';
import type { CredentialStore } from '../../stores/credentials.ts';
import type { FlowVersionStore } from '../../stores/flow-versions.ts';
import type { FlowStore } from '../../stores/flows.ts';
import type { CatalogueView } from '../catalogue-view.ts';
import { credentialNames } from './credential-names.ts';

export interface TransferDeps {
  catalogue: CatalogueView;
  flows: FlowStore;
  versions: FlowVersionStore;
  credentials: CredentialStore;
  defaultModels: DefaultModelsStore;
}

async function exportedFlow(deps: TransferDeps, flow: FlowDocument, withVersions: boolean): Promise<ExportedFlow> {
  const exported: ExportedFlow = { id: flow.id, name: flow.name, status: flow.status, nodes: flow.nodes, edges: flow.edges, ...(flow.notes?.length ? { notes: flow.notes } : {}) };
  if (!withVersions) return exported;
  const versions = [];
  for (const summary of (await deps.versions.list(flow.id)).sort((a, b) => a.version - b.version)) {
    const stored = await deps.versions.get(flow.id, summary.version);
    if (!stored) continue;
    const { version, note, deployedAt, rolledBackFrom, nodes, edges, notes } = stored;
    versions.push({ version, note, deployedAt, ...(rolledBackFrom !== undefined ? { rolledBackFrom } : {}), nodes, edges, ...(notes?.length ? { notes } : {}) });
  }
  return { ...exported, versions };
}

async function namedCredentials(deps: TransferDeps, projectId: string, names: Set<string> | null): Promise<ExportedCredential[]> {
  return (await deps.credentials.list(projectId))
    .filter((c) => names === null || names.has(c.name))
    .map((c) => ({ name: c.name, credential_type: c.credential_type, marketplace_id: typeof c.marketplace_id === 'number' ? c.marketplace_id : c.marketplace_id === null ? null : Number(c.marketplace_id) || null }));
}

const envelope = (flows: ExportedFlow[], credentials: ExportedCredential[]): ExportDocument => ({
  format: EXPORT_FORMAT,
  formatVersion: FLOW_FORMAT_VERSION,
  exportedAt: new Date().toISOString(),
  flows,
  credentials,
});

/** One flow: its draft (and versions), and the credentials it names that the project has. */
export async function exportFlow(deps: TransferDeps, flow: FlowDocument, withVersions: boolean): Promise<ExportDocument> {
  return envelope([await exportedFlow(deps, flow, withVersions)], await namedCredentials(deps, flow.projectId, credentialNames(flow.nodes, deps.catalogue)));
}

/** The whole project: every flow, every credential's name and type, the default models. */
export async function exportProject(deps: TransferDeps, project: { id: string; name: string }, withVersions: boolean): Promise<ExportDocument> {
  const flows = [];
  for (const flow of await deps.flows.list(project.id)) flows.push(await exportedFlow(deps, flow, withVersions));
  return {
    ...envelope(flows, await namedCredentials(deps, project.id, null)),
    project: { name: project.name, defaultModels: (await deps.defaultModels.get(project.id)) as Record<string, unknown> | null },
  };
}
