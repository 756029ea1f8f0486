/**
 * @module runtime/services/vectors/store — the vector store (brief §6): collections of records (a
 * vector, JSON properties, their text) with the spec's semantics — certainty-bounded nearest
 * neighbours (cosine; certainty = 1 − distance / 2, as Weaviate defines it), BM25 keyword
 * search, equality filters on properties, deletes by filter, batches of 20.
 *
 * One implementation over one SQL dialect: Postgres with pgvector. Two backends run it —
 * PGlite in-process (runtime/services/vectors/embedded.ts, the default) and a Postgres server
 * (runtime/services/vectors/postgres.ts, via DATABASE_URL) — through the `SqlClient` below.
 * Search is exact (a scan of the collection): right for the sizes one machine indexes.
 */
import { randomUUID } from 'node:crypto';
import { isPlainObject } from '../../../catalogue/coerce.ts';
import { userError } from '../../../catalogue/errors.ts';
import { VERSION as WORDS_VERSION, words } from '../models/local-embedding.ts';
import { ALL_PROPERTIES, type Bm25Fields } from '../../../catalogue/ai/bm25-fields.ts';

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
/** a keyword search limited to properties none of the collection's records has (spec 000 §8) */
export const NO_FIELDS = 'No fields found for the collection';
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
  // per text property: its terms' counts and its length (searches restricted to or weighting properties)
  `alter table weft_vectors add column if not exists field_terms jsonb not null default '{}'::jsonb`,
  `alter table weft_vectors add column if not exists field_lengths jsonb not null default '{}'::jsonb`,
  // the version of the word cutting (local-embedding.ts VERSION) the terms were counted with; 0: before it was kept
  'alter table weft_vectors add column if not exists terms_version integer not null default 0',
  // insertion order ("oldest first", ties): rows of one insert may share a clock_timestamp()
  'alter table weft_vectors add column if not exists seq bigserial',
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

/** The text properties of a record for keyword search: its strings (and lists of strings), by name. */
function textProperties(properties: Properties): [string, string][] {
  const texts: [string, string][] = [];
  for (const [name, value] of Object.entries(properties)) {
    if (typeof value === 'string') texts.push([name, value]);
    else if (Array.isArray(value)) texts.push([name, value.filter((v): v is string => typeof v === 'string').join('\n')]);
  }
  return texts;
}

/**
 * What keyword search keeps of a record: term counts and length per text property, and summed
 * over all of them (each text is cut into words once).
 */
function keywordColumns(properties: Properties) {
  const terms: Record<string, number> = {};
  const fieldTerms: Record<string, Record<string, number>> = {};
  const fieldLengths: Record<string, number> = {};
  let length = 0;
  for (const [name, text] of textProperties(properties)) {
    const counted: Record<string, number> = {};
    const all = words(text);
    for (const w of all) {
      counted[w] = (counted[w] ?? 0) + 1;
      terms[w] = (terms[w] ?? 0) + 1;
    }
    fieldTerms[name] = counted;
    fieldLengths[name] = all.length;
    length += all.length;
  }
  return { terms: JSON.stringify(terms), length, fieldTerms: JSON.stringify(fieldTerms), fieldLengths: JSON.stringify(fieldLengths) };
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
      await this.recountTerms();
    })();
    return this.ready;
  }

  /** Records counted with an older word cutting, or before per-property terms were kept, are counted again (once, when the store opens). */
  private async recountTerms(): Promise<void> {
    const { rows } = await this.sql.query<{ collection: string; id: string; properties: Properties }>(
      'select collection, id, properties from weft_vectors where terms_version < $1',
      [WORDS_VERSION],
    );
    for (const row of rows) {
      const columns = keywordColumns(row.properties);
      await this.sql.query(
        `update weft_vectors set terms = $3::jsonb, length = $4, field_terms = $5::jsonb, field_lengths = $6::jsonb, terms_version = $7
         where collection = $1 and id = $2`,
        [row.collection, row.id, columns.terms, columns.length, columns.fieldTerms, columns.fieldLengths, WORDS_VERSION],
      );
    }
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

  /** Whether a record of the collection has one of these properties (the collection's fields are its records' properties). */
  private async hasAnyProperty(collection: string, names: string[]): Promise<boolean> {
    const { rows } = await this.sql.query<{ found: boolean }>(
      'select exists (select 1 from weft_vectors where collection = $1 and properties ?| $2::text[]) as found',
      [collection, names],
    );
    return rows[0].found;
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
      const { terms, length, fieldTerms, fieldLengths } = keywordColumns(properties);
      return [r.id ?? randomUUID(), vectorText(checkVector(r.vector, dimension)), JSON.stringify(properties), terms, length, fieldTerms, fieldLengths, WORDS_VERSION];
    });
    for (let i = 0; i < rows.length; i += BATCH_SIZE) {
      const batch = rows.slice(i, i + BATCH_SIZE);
      const values = batch.map((_, j) => {
        const n = (k: number) => `$${j * 8 + k + 2}`;
        return `($1, ${n(0)}, ${n(1)}::vector, ${n(2)}::jsonb, ${n(3)}::jsonb, ${n(4)}, ${n(5)}::jsonb, ${n(6)}::jsonb, ${n(7)})`;
      });
      await this.sql.transaction((tx) =>
        tx.query(
          `insert into weft_vectors (collection, id, embedding, properties, terms, length, field_terms, field_lengths, terms_version) values ${values.join(', ')}
           on conflict (collection, id) do update set embedding = excluded.embedding, properties = excluded.properties,
             terms = excluded.terms, length = excluded.length, field_terms = excluded.field_terms, field_lengths = excluded.field_lengths,
             terms_version = excluded.terms_version`,
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
      `select id, properties from weft_vectors where collection = $1 and ${where.sql} order by seq limit $2`,
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
         select id, properties, embedding <=> $2::vector as distance, seq
         from weft_vectors where collection = $1 and ${where.sql}
       ) scored
       where distance <= $3 order by distance, seq limit $4`,
      [collection, vectorText(checkVector(vector, dimension)), maxDistance + 1e-9, options.limit, ...where.params],
    );
    return rows.map((r) => {
      const distance = Number(r.distance);
      return { id: r.id, properties: r.properties, distance, certainty: 1 - distance / 2 };
    });
  }

  /**
   * BM25F over the records' text properties, as Weaviate computes it (k1 1.2, b 0.75;
   * idf = ln(1 + (N − df + 0.5) / (df + 0.5))), with the words cut as the local embedding model
   * cuts them. `fields` (catalogue/ai/bm25-fields.ts) restricts the search to some properties and/or
   * weights them: a property's weight multiplies its term frequencies; a record's length is the
   * sum of its searched properties' lengths. Best first.
   */
  async keyword(collection: string, query: string, options: { limit: number; filters?: unknown; fields?: Bm25Fields }): Promise<KeywordHit[]> {
    await this.existing(collection);
    const { restricted, fields } = options.fields ?? ALL_PROPERTIES;
    if (restricted && !(await this.hasAnyProperty(collection, fields.map((f) => f.name)))) throw userError(NO_FIELDS);
    const terms = [...new Set(words(query))];
    if (terms.length === 0) return [];
    const where = filterClause(options.filters, 9);
    const weighted = (weight: string) =>
      `(select coalesce(sum(coalesce((d.field_terms -> f.name ->> q.term)::float8, 0) * ${weight}), 0) from fields f)`;
    const { rows } = await this.sql.query<{ id: string; properties: Properties; score: number | string }>(
      `with fields as (
         select name, weight from unnest($6::text[], $7::float8[]) as f(name, weight)
       ), docs as (
         select v.id, v.properties, v.seq, v.terms, v.field_terms, (${where.sql.replaceAll('properties', 'v.properties')}) as wanted,
           case when $8::boolean then (select coalesce(sum((v.field_lengths ->> f.name)::float8), 0) from fields f) else v.length::float8 end as dl
         from weft_vectors v where v.collection = $1
       ), stats as (
         select count(*)::float8 as n, coalesce(avg(dl), 0)::float8 as avgdl from docs
       ), matches as (
         select * from (
           select d.id, q.term,
             case when $8::boolean then ${weighted('f.weight')} else (d.terms ->> q.term)::float8 + ${weighted('(f.weight - 1)')} end as tf
           from docs d join unnest($2::text[]) as q(term) on d.terms ? q.term
         ) frequencies where tf > 0
       ), df as (
         select term, count(*)::float8 as df from matches group by term
       ), scored as (
         select d.id, d.properties, d.seq,
           sum(ln(1 + (stats.n - df.df + 0.5) / (df.df + 0.5))
               * (m.tf * ($4::float8 + 1))
               / (m.tf + $4::float8 * (1 - $5::float8 + $5::float8 * d.dl / greatest(stats.avgdl, 1e-9)))) as score
         from matches m join docs d on d.id = m.id join df on df.term = m.term cross join stats
         where d.wanted
         group by d.id, d.properties, d.seq
       )
       select id, properties, score from scored order by score desc, seq limit $3`,
      [collection, terms, options.limit, BM25_K1, BM25_B, fields.map((f) => f.name), fields.map((f) => f.weight), restricted, ...where.params],
    );
    return rows.map((r) => ({ id: r.id, properties: r.properties, score: Number(r.score) }));
  }
}
