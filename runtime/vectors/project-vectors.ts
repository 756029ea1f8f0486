/**
 * @module runtime/vectors/project-vectors — the vector store as one project's nodes see it
 * (`ctx.vectors`): collections named `{projectSlug}_{vectorDB}` (spec 000 §7), duplicates by
 * primary keys, and the project's record count adjusted by records added minus duplicates
 * deleted — refused before anything is written when the starter plan's record limit would be
 * passed.
 */
import type { IndexOptions, IndexResult, Properties, VectorAccess } from '../../catalogue/ai/vector-services.ts';
import { userError } from '../../catalogue/errors.ts';
import type { VectorStore } from './store.ts';

export const PROJECT_ID_REQUIRED = 'Project Id is required';

export interface ProjectVectorDeps {
  /** the store, opened on first use */
  store(): Promise<VectorStore>;
  slugOf(projectId: string): Promise<string | null>;
  /** the plan's record counter (runtime/usage/limits.ts); throws the spec's text when over */
  addRecords?(projectId: string, added: number, duplicatesDeleted: number): Promise<unknown>;
}

export function collectionName(projectSlug: string, vectorDB: string): string {
  return `${projectSlug}_${vectorDB}`;
}

export class ProjectVectors {
  constructor(private readonly deps: ProjectVectorDeps) {}

  forProject(projectId: string): VectorAccess {
    const collection = async (vectorDB: string) => {
      if (!projectId) throw userError(PROJECT_ID_REQUIRED);
      const name = String(vectorDB ?? '').trim();
      if (!name) throw userError('Vector DB is required');
      const slug = await this.deps.slugOf(projectId);
      if (!slug) throw userError('Project not found');
      return { store: await this.deps.store(), name: collectionName(slug, name) };
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
