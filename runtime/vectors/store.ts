/**
 * @module runtime/vectors/store — the vector store (brief §6): collections of records (a
 * vector, JSON properties, their text) with the spec's semantics — certainty-bounded nearest
 * neighbours (cosine; certainty = 1 − distance / 2, as Weaviate defines it), BM25 keyword
 * search, equality filters on properties, deletes by filter, batches of 20.
 *
 * One implementation over one SQL dialect: Postgres with pgvector. Two backends run it —
 * PGlite in-process (runtime/vectors/embedded.ts, the default) and a Postgres server
 * (runtime/vectors/postgres.ts, via DATABASE_URL) — through the `SqlClient` below.
 * Search is exact (a scan of the collection): right for the sizes one machine indexes.
 */
import { randomUUID } from 'node:crypto';
import { isPlainObject } from '../../catalogue/coerce.ts';
import { userError } from '../../catalogue/errors.ts';
import { words } from '../models/local-embedding.ts';

/** What both backends offer: parameterised queries ($1, $2…) answering rows, and transactions. */
export interface SqlClient {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  transaction<T>(fn: (tx: Pick<SqlClient, 'query'>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const BATCH_SIZE = 20;
/** BM25 parameters, Weaviate's defaults. */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

export const COLLECTION_NOT_FOUND = 'Collection not found! please create it first before using it';
export const INVALID_FILTERS = 'Invalid filters provided';
export const vectorSizeMismatch = (expected: number, actual: number) =>
  `Vector size mismatch - expected vector size ${expected} but currently model has ${actual} vector size, please change the embedding model`;

export type Properties = Record<string, unknown>;

export interface NewRecord {
  vector: number[];
  properties: Properties;
  /** default: a random UUID */
  id?: string;
}

export interface StoredRecord {
  id: string;
  properties: Properties;
}

export interface VectorHit extends StoredRecord {
  /** 1 − cosine distance / 2: 1 same direction, 0.5 orthogonal, 0 opposite */
  certainty: number;
  distance: number;
}

export interface KeywordHit extends StoredRecord {
  score: number;
}

export const SCHEMA = [
  'create extension if not exists vector',
  `create table if not exists weft_vector_collections (
     name text primary key,
     dimension integer not null,
     created_at timestamptz not null default now()
   )`,
  `create table if not exists weft_vectors (
     collection text not null references weft_vector_collections (name) on delete cascade,
     id text not null,
     embedding vector not null,
     properties jsonb not null,
     terms jsonb not null,
     length integer not null,
     created_at timestamptz not null default clock_timestamp(),
     primary key (collection, id)
   )`,
  'create index if not exists weft_vectors_properties on weft_vectors using gin (properties jsonb_path_ops)',
  'create index if not exists weft_vectors_terms on weft_vectors using gin (terms)',
];

/**
 * Filters: an object of property → value, every pair must match (a list property matches
 * when it holds the value). Numeric and boolean strings are converted
 * ("3" → 3, "true" → true), as the spec says (000 §5).
 */
export function normaliseFilters(filters: unknown): Properties {
  if (filters === undefined || filters === null || filters === '') return {};
  let value = filters;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw userError(INVALID_FILTERS);
    }
  }
  if (!isPlainObject(value)) throw userError(INVALID_FILTERS);
  const convert = (v: unknown): unknown => {
    if (typeof v !== 'string') return v;
    const t = v.trim();
    if (t === 'true' || t === 'false') return t === 'true';
    if (t !== '' && Number.isFinite(Number(t))) return Number(t);
    return v;
  };
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, convert(v)]));
}

/**
 * The SQL condition for the filters, its parameters numbered from `first`: every property must
 * equal its value, or — for a list property — hold it.
 */
export function filterClause(filters: unknown, first: number): { sql: string; params: string[] } {
  const entries = Object.entries(normaliseFilters(filters));
  if (entries.length === 0) return { sql: 'true', params: [] };
  const params: string[] = [];
  const parts = entries.map(([key, value]) => {
    params.push(JSON.stringify({ [key]: value }), JSON.stringify({ [key]: [value] }));
    const n = first + params.length - 2;
    return `(properties @> $${n}::jsonb or properties @> $${n + 1}::jsonb)`;
  });
  return { sql: parts.join(' and '), params };
}

/** The text of a record for keyword search: its string properties (and lists of strings). */
export function recordText(properties: Properties): string {
  const parts: string[] = [];
  for (const value of Object.values(properties)) {
    if (typeof value === 'string') parts.push(value);
    else if (Array.isArray(value)) parts.push(...value.filter((v): v is string => typeof v === 'string'));
  }
  return parts.join('\n');
}

function termCounts(text: string): { terms: Record<string, number>; length: number } {
  const all = words(text);
  const terms: Record<string, number> = {};
  for (const w of all) terms[w] = (terms[w] ?? 0) + 1;
  return { terms, length: all.length };
}

const vectorText = (vector: number[]) => `[${vector.join(',')}]`;

function checkVector(vector: unknown, dimension: number): number[] {
  if (!Array.isArray(vector) || vector.some((v) => typeof v !== 'number' || !Number.isFinite(v))) {
    throw userError('Invalid data, every vector must be a list of numbers');
  }
  if (vector.length !== dimension) throw userError(vectorSizeMismatch(dimension, vector.length));
  return vector;
}

export class VectorStore {
  private ready: Promise<void> | undefined;

  constructor(private readonly sql: SqlClient) {}

  /** Create the tables (idempotent); every method waits for it. */
  init(): Promise<void> {
    this.ready ??= (async () => {
      for (const statement of SCHEMA) await this.sql.query(statement);
    })();
    return this.ready;
  }

  async close(): Promise<void> {
    await this.sql.close();
  }

  /** The collection's vector size, or null when it does not exist. */
  async dimension(collection: string): Promise<number | null> {
    await this.init();
    const { rows } = await this.sql.query<{ dimension: number }>('select dimension from weft_vector_collections where name = $1', [collection]);
    return rows[0]?.dimension ?? null;
  }

  private async existing(collection: string): Promise<number> {
    const dimension = await this.dimension(collection);
    if (dimension === null) throw userError(COLLECTION_NOT_FOUND);
    return dimension;
  }

  /** Create the collection for vectors of `dimension`; an existing one must have that size. */
  async ensureCollection(collection: string, dimension: number): Promise<void> {
    await this.init();
    await this.sql.query('insert into weft_vector_collections (name, dimension) values ($1, $2) on conflict (name) do nothing', [collection, dimension]);
    const actual = await this.existing(collection);
    if (actual !== dimension) throw userError(vectorSizeMismatch(actual, dimension));
  }

  async dropCollection(collection: string): Promise<void> {
    await this.init();
    await this.sql.query('delete from weft_vector_collections where name = $1', [collection]);
  }

  /** Insert records in batches of 20, each batch one transaction; answers their ids in order. */
  async insert(collection: string, records: NewRecord[]): Promise<string[]> {
    const dimension = await this.existing(collection);
    const rows = records.map((r) => {
      const properties = isPlainObject(r.properties) ? r.properties : {};
      const { terms, length } = termCounts(recordText(properties));
      return [r.id ?? randomUUID(), vectorText(checkVector(r.vector, dimension)), JSON.stringify(properties), JSON.stringify(terms), length];
    });
    for (let i = 0; i < rows.length; i += BATCH_SIZE) {
      const batch = rows.slice(i, i + BATCH_SIZE);
      const values = batch.map((_, j) => `($1, $${j * 5 + 2}, $${j * 5 + 3}::vector, $${j * 5 + 4}::jsonb, $${j * 5 + 5}::jsonb, $${j * 5 + 6})`);
      await this.sql.transaction((tx) =>
        tx.query(
          `insert into weft_vectors (collection, id, embedding, properties, terms, length) values ${values.join(', ')}
           on conflict (collection, id) do update set embedding = excluded.embedding, properties = excluded.properties,
             terms = excluded.terms, length = excluded.length`,
          [collection, ...batch.flat()],
        ),
      );
    }
    return rows.map((r) => r[0] as string);
  }

  /** Records whose properties match the filters, oldest first. */
  async filter(collection: string, filters: unknown, limit: number): Promise<StoredRecord[]> {
    await this.existing(collection);
    const where = filterClause(filters, 3);
    const { rows } = await this.sql.query<StoredRecord>(
      `select id, properties from weft_vectors where collection = $1 and ${where.sql} order by created_at, id limit $2`,
      [collection, limit, ...where.params],
    );
    return rows;
  }

  /** Delete the records matching the filters; answers how many went. */
  async deleteWhere(collection: string, filters: unknown): Promise<number> {
    await this.existing(collection);
    const where = filterClause(filters, 2);
    const { rows } = await this.sql.query(`delete from weft_vectors where collection = $1 and ${where.sql} returning id`, [collection, ...where.params]);
    return rows.length;
  }

  /** How many records match the filters (all of them without). */
  async count(collection: string, filters?: unknown): Promise<number> {
    await this.existing(collection);
    const where = filterClause(filters, 2);
    const { rows } = await this.sql.query<{ n: number | string }>(`select count(*) as n from weft_vectors where collection = $1 and ${where.sql}`, [
      collection,
      ...where.params,
    ]);
    return Number(rows[0].n);
  }

  /** The nearest records by cosine distance with at least `certainty`, nearest first. */
  async nearVector(collection: string, vector: number[], options: { limit: number; certainty?: number; filters?: unknown }): Promise<VectorHit[]> {
    const dimension = await this.existing(collection);
    const maxDistance = 2 * (1 - (options.certainty ?? 0));
    const where = filterClause(options.filters, 5);
    const { rows } = await this.sql.query<{ id: string; properties: Properties; distance: number | string }>(
      `select id, properties, distance from (
         select id, properties, embedding <=> $2::vector as distance, created_at
         from weft_vectors where collection = $1 and ${where.sql}
       ) scored
       where distance <= $3 order by distance, created_at, id limit $4`,
      [collection, vectorText(checkVector(vector, dimension)), maxDistance + 1e-9, options.limit, ...where.params],
    );
    return rows.map((r) => {
      const distance = Number(r.distance);
      return { id: r.id, properties: r.properties, distance, certainty: 1 - distance / 2 };
    });
  }

  /**
   * BM25 over the records' text (k1 1.2, b 0.75; idf = ln(1 + (N − df + 0.5) / (df + 0.5))),
   * with the words cut as the local embedding model cuts them. Best first.
   */
  async keyword(collection: string, query: string, options: { limit: number; filters?: unknown }): Promise<KeywordHit[]> {
    await this.existing(collection);
    const terms = [...new Set(words(query))];
    if (terms.length === 0) return [];
    const where = filterClause(options.filters, 6);
    const { rows } = await this.sql.query<{ id: string; properties: Properties; score: number | string }>(
      `with stats as (
         select count(*)::float8 as n, coalesce(avg(length), 0)::float8 as avgdl from weft_vectors where collection = $1
       ), query_terms as (
         select term, (select count(*) from weft_vectors v where v.collection = $1 and v.terms ? term)::float8 as df
         from unnest($2::text[]) as term
       ), scored as (
         select v.id, v.properties, v.created_at,
           sum(ln(1 + (stats.n - q.df + 0.5) / (q.df + 0.5))
               * ((v.terms ->> q.term)::float8 * ($4::float8 + 1))
               / ((v.terms ->> q.term)::float8 + $4::float8 * (1 - $5::float8 + $5::float8 * v.length / greatest(stats.avgdl, 1e-9)))) as score
         from weft_vectors v join query_terms q on v.terms ? q.term cross join stats
         where v.collection = $1 and ${where.sql.replaceAll('properties', 'v.properties')}
         group by v.id, v.properties, v.created_at
       )
       select id, properties, score from scored order by score desc, created_at, id limit $3`,
      [collection, terms, options.limit, BM25_K1, BM25_B, ...where.params],
    );
    return rows.map((r) => ({ id: r.id, properties: r.properties, score: Number(r.score) }));
  }
}
