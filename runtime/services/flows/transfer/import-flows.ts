/**
 * @module runtime/services/flows/transfer/import-flows — an export document into a project: migrated
 * forward to this weft's flow format, checked against the schema and the flow check, and only
 * then written (a fault anywhere writes nothing; a failure half-way removes what it wrote).
 * Flows come in as drafts with new ids; a reference from one imported flow to another (Execute
 * Flow, a flow tool) is remapped to the new id; versions keep their order and notes; the
 * project's default models are taken when it has none. The answer lists the credentials the
 * flows name that the project lacks.
 */
import type { FlowNode } from '../../../../contract/flow-document.ts';
import type { ExportDocument, ExportedCredential, ImportAnswer } from '../../../../contract/flow-export.ts';
import { ValidationError } from '../../domain-errors.ts';
import type { PlanOf } from '../../usage/plan-of.ts';
import { requirePlanForProFields } from '../../usage/pro-features.ts';
import type { Deployer } from '../deployments.ts';
import { readNotes } from '../sticky-notes.ts';
import { validateFlow } from '../validate.ts';
import { credentialNames } from './credential-names.ts';
import { exportDocumentFaults } from './export-schema.ts';
import type { TransferDeps } from './export-flows.ts';
import { migrateForward, type DocumentOrigin } from './migrations/index.ts';

/** Every string equal to an exported flow's id becomes the imported flow's id. */
function remap(value: unknown, ids: Map<string, string>): unknown {
  if (typeof value === 'string') return ids.get(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => remap(v, ids));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, remap(v, ids)]));
  return value;
}
const remapNodes = (nodes: FlowNode[], ids: Map<string, string>) => nodes.map((n) => ({ ...n, values: remap(n.values, ids) as Record<string, unknown> }));

/** The document as this weft's format, or a ValidationError naming every fault. */
export function readExport(raw: unknown, deps: Pick<TransferDeps, 'catalogue'>): { document: ExportDocument; from: DocumentOrigin } {
  let migrated: { document: unknown; from: DocumentOrigin };
  try {
    migrated = migrateForward(raw);
  } catch (error) {
    throw new ValidationError(error instanceof Error ? error.message : String(error));
  }
  const faults = exportDocumentFaults(migrated.document);
  if (faults.length) throw new ValidationError(`The document does not fit the export schema: ${faults.join('; ')}`, 'invalid_export', { details: faults });
  const document = migrated.document as ExportDocument;
  for (const flow of document.flows) {
    const check = validateFlow(flow, deps.catalogue);
    const notes = readNotes(flow.notes);
    const malformed = [...check.malformed, ...notes.problems];
    if (malformed.length) throw new ValidationError(`Flow ${flow.name}: ${malformed.join('; ')}`, 'invalid_flow', { details: malformed });
    flow.nodes = check.nodes;
    flow.edges = check.edges;
  }
  return migrated as { document: ExportDocument; from: DocumentOrigin };
}

export async function importExport(deps: TransferDeps & { planOf: PlanOf }, projectId: string, raw: unknown, importer: Deployer): Promise<ImportAnswer> {
  const { document, from } = readExport(raw, deps);
  for (const flow of document.flows) await requirePlanForProFields(flow.nodes, projectId, deps.catalogue, deps.planOf);

  const ids = new Map<string, string>();
  const made: ImportAnswer['flows'] = [];
  try {
    for (const flow of document.flows) {
      const created = await deps.flows.create(projectId, { name: flow.name, nodes: flow.nodes, edges: flow.edges, ...(flow.notes?.length ? { notes: flow.notes } : {}) });
      ids.set(flow.id, created.id);
      made.push({ id: created.id, name: created.name, exportedId: flow.id, versions: 0 });
    }
    for (const [index, flow] of document.flows.entries()) {
      const id = made[index].id;
      let deployedVersion: number | undefined;
      for (const version of flow.versions ?? []) {
        const stored = await deps.versions.add(id, {
          content: { name: flow.name, nodes: remapNodes(version.nodes, ids), edges: version.edges, ...(version.notes?.length ? { notes: version.notes } : {}) },
          draftRevision: 1,
          deployedBy: importer,
          note: version.note || `Imported version ${version.version}`,
          ...(version.rolledBackFrom !== undefined ? { rolledBackFrom: version.rolledBackFrom } : {}),
        });
        deployedVersion = stored.version;
        made[index].versions++;
      }
      await deps.flows.update(id, (stored) => ({ ...stored, nodes: remapNodes(flow.nodes, ids), ...(deployedVersion ? { deployedVersion } : {}) }));
    }
  } catch (error) {
    for (const { id } of made) {
      await deps.flows.delete(id).catch(() => undefined);
      await deps.versions.deleteAll(id).catch(() => undefined);
    }
    throw error;
  }

  let defaultModelsSet = false;
  if (document.project?.defaultModels && !(await deps.defaultModels.get(projectId))) {
    await deps.defaultModels.set(projectId, document.project.defaultModels);
    defaultModelsSet = true;
  }
  return { flows: made, credentialsToFill: await missingCredentials(deps, projectId, document), ...(from !== document.formatVersion ? { migratedFrom: from } : {}), defaultModelsSet };
}

async function missingCredentials(deps: TransferDeps, projectId: string, document: ExportDocument): Promise<ExportedCredential[]> {
  const have = new Set((await deps.credentials.list(projectId)).map((c) => c.name));
  const wanted = new Map(document.credentials.map((c) => [c.name, c]));
  for (const flow of document.flows) {
    for (const name of credentialNames(flow.nodes, deps.catalogue)) {
      if (!wanted.has(name)) wanted.set(name, { name, credential_type: typeOfName(flow.nodes, name, deps), marketplace_id: null });
    }
  }
  return [...wanted.values()].filter((c) => !have.has(c.name));
}

/** A credential a flow names without the document listing it: the type its node takes, when it takes one. */
function typeOfName(nodes: FlowNode[], name: string, deps: Pick<TransferDeps, 'catalogue'>): string {
  for (const node of nodes) {
    if (!Object.values(node.values).includes(name)) continue;
    const types = deps.catalogue.get(node.type)?.authTypes;
    if (types?.length) return types[0];
  }
  return '';
}
