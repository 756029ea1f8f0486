/**
 * @module runtime/services/vectors/project-vectors — the vector store as one project's nodes see it
 * (`ctx.vectors`): collections named `{projectSlug}_{vectorDB}` (spec 000 §7) inside the
 * tenant of the project's cluster (spec 000 §6: none for single-tenant clusters, the project
 * slug for project tenants, otherwise the organisation slug; stored as `{tenant}/{name}`), duplicates by
 * primary keys, and the project's record count adjusted by records added minus duplicates
 * deleted — refused before anything is written when the starter plan's record limit would be
 * passed.
 */
import type { IndexOptions, IndexResult, Properties, VectorAccess } from '../../../catalogue/services/vectors.ts';
import { userError } from '../../../catalogue/errors.ts';
import type { VectorStore } from './store.ts';

export const PROJECT_ID_REQUIRED = 'Project Id is required';
/** a node's project that does not exist (spec 000 §5, §8: the vector store's lookup; HTTP routes answer 'Project not found') */
export const NO_PROJECT = 'No Project found';

export interface ProjectVectorDeps {
  /** the store, opened on first use */
  store(): Promise<VectorStore>;
  /** the project's slug and its tenant (null: a single-tenant cluster); null when there is no such project */
  scopeOf(projectId: string): Promise<{ projectSlug: string; tenant: string | null } | null>;
  /** the plan's record counter (runtime/services/usage/limits.ts); throws the spec's text when over */
  addRecords?(projectId: string, added: number, duplicatesDeleted: number): Promise<unknown>;
}

export function collectionName(projectSlug: string, vectorDB: string, tenant: string | null = null): string {
  return tenant ? `${tenant}/${projectSlug}_${vectorDB}` : `${projectSlug}_${vectorDB}`;
}

export class ProjectVectors {
  constructor(private readonly deps: ProjectVectorDeps) {}

  forProject(projectId: string): VectorAccess {
    const collection = async (vectorDB: string) => {
      if (!projectId) throw userError(PROJECT_ID_REQUIRED);
      const name = String(vectorDB ?? '').trim();
      if (!name) throw userError('Vector DB is required');
      const scope = await this.deps.scopeOf(projectId);
      if (!scope) throw userError(NO_PROJECT);
      return { store: await this.deps.store(), name: collectionName(scope.projectSlug, name, scope.tenant) };
    };
    return {
      index: async (vectorDB, records, options) => {
        const { store, name } = await collection(vectorDB);
        return this.index(projectId, store, name, records, options);
      },
      filter: async (vectorDB, filters, limit) => {
        const { store, name } = await collection(vectorDB);
        return store.filter(name, filters, limit);
      },
      delete: async (vectorDB, filters) => {
        const { store, name } = await collection(vectorDB);
        const deleted = await store.deleteWhere(name, filters);
        if (deleted > 0) await this.deps.addRecords?.(projectId, 0, deleted);
        return deleted;
      },
      nearVector: async (vectorDB, vector, options) => {
        const { store, name } = await collection(vectorDB);
        return store.nearVector(name, vector, options);
      },
      keyword: async (vectorDB, query, options) => {
        const { store, name } = await collection(vectorDB);
        return store.keyword(name, query, options);
      },
    };
  }

  private async index(
    projectId: string,
    store: VectorStore,
    name: string,
    records: { vector: number[]; properties: Properties }[],
    options: IndexOptions,
  ): Promise<IndexResult> {
    await store.ensureCollection(name, records[0].vector.length);
    const keys = options.primaryKeys.filter(Boolean);
    const toDelete: Properties[] = [];
    const toInsert: typeof records = [];
    let skipped = 0;
    const seen = new Set<string>();
    for (const record of records) {
      if (keys.length === 0 || keys.some((k) => record.properties[k] === undefined)) {
        toInsert.push(record);
        continue;
      }
      const identity: Properties = Object.fromEntries(keys.map((k) => [k, record.properties[k]]));
      const fingerprint = JSON.stringify(identity);
      const stored = (await store.count(name, identity)) > 0;
      if (options.duplicateOperation === 'skip' && (stored || seen.has(fingerprint))) {
        skipped++;
        continue;
      }
      if (stored && !seen.has(fingerprint)) toDelete.push(identity);
      seen.add(fingerprint);
      toInsert.push(record);
    }
    // counting first: over the plan's limit, nothing is written
    let deleted = 0;
    for (const identity of toDelete) deleted += await store.count(name, identity);
    await this.deps.addRecords?.(projectId, toInsert.length, deleted);
    let actuallyDeleted = 0;
    for (const identity of toDelete) actuallyDeleted += await store.deleteWhere(name, identity);
    await store.insert(name, toInsert);
    return { recordsIndexed: toInsert.length, duplicateRecordsDeleted: actuallyDeleted, duplicatesSkipped: skipped };
  }
}

/** The scope of a project's collections from its organisation's cluster tenancy. */
export function vectorScope(
  projects: { get(id: string): Promise<{ slug: string; organisationId?: string } | null> },
  organisations: { get(id: string): Promise<{ slug: string; cluster?: { config?: { tenancy?: string } } } | null> },
): ProjectVectorDeps['scopeOf'] {
  return async (projectId) => {
    const project = await projects.get(projectId);
    if (!project) return null;
    const organisation = project.organisationId ? await organisations.get(project.organisationId) : null;
    const tenancy = organisation?.cluster?.config?.tenancy ?? 'single';
    const tenant = tenancy === 'project' ? project.slug : tenancy === 'organisation' ? (organisation?.slug ?? null) : null;
    return { projectSlug: project.slug, tenant };
  };
}
