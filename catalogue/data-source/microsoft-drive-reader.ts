/**
 * @module catalogue/data-source/microsoft-drive-reader — the SourceReader of the OneDrive and
 * SharePoint sources (spec 001 §3–§5), which differ only in their drives: lists the files
 * (microsoft-drive-files.ts), keeps those changed since the cursor (incremental) and not before
 * start_date, oldest change first, downloads each (`GET /drives/{d}/items/{i}/content`) and
 * parses it (document-text.ts). One run per document; a file that fails to parse still starts
 * its run, with an empty content and `_ab_source_file_parse_error`.
 *
 * The cursor is the last change read and the documents changed at that very time, so files
 * sharing a timestamp are neither skipped nor read twice.
 */
import { accessTokenOf } from '../app/access-token.ts';
import { GRAPH_ERROR, type GraphAccess } from '../app/teams-node/graph.ts';
import { NodeError, isNodeError, kindOfStatus, userError } from '../errors.ts';
import { START_DATE_PATTERN } from './microsoft-drive-fields.ts';
import { outboundError } from '../outbound.ts';
import { serviceDefaults } from '../service-urls.ts';
import type { InputField } from '../types.ts';
import type { SourceBatch, SourceReadContext, SourceReader } from '../sync-reader.ts';
import { documentText } from './document-text.ts';
import { type Drive, type DriveFile, modifiedAt, scopedFiles, type SearchScope } from './microsoft-drive-files.ts';

export const CREDENTIALS_NOT_FOUND = 'Credentials not found for workflow';
/** the largest file downloaded (the outbound client's own bound) */
const MAX_FILE_MB = 100;

export interface DriveCursor {
  /** the last change read, ms since the epoch */
  modifiedAt: number;
  /** the documents changed at exactly that time, read already */
  keys: string[];
}

export interface MicrosoftDriveSource {
  nodeType: string;
  inputs: readonly InputField[];
  /** the drives ACCESSIBLE_DRIVES reads */
  drives(access: GraphAccess, values: Record<string, unknown>): Promise<Drive[]>;
}

/** spec 001 §4: only the schedule (cron, sync mode) changes the connection alone */
const SCHEDULE_FIELDS = ['nodeName', 'cronExpression', 'syncMode'];

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export function microsoftDriveReader(source: MicrosoftDriveSource): SourceReader {
  return {
    nodeType: source.nodeType,
    recreateOn: [],
    // spec 001 §4: anything other than the schedule re-saves the source and starts a run
    resyncOn: source.inputs.map((field) => field.name).filter((name) => !SCHEDULE_FIELDS.includes(name)),
    check(values, credential) {
      if (!['refresh_token', 'client_id', 'client_secret', 'tenant_id'].every((field) => text(credential?.[field]))) throw userError(CREDENTIALS_NOT_FOUND);
      const start = text(values.start_date);
      if (start && !START_DATE_PATTERN.test(start)) throw userError('Start date must be a UTC timestamp like 2026-01-01T00:00:00.000000Z');
    },
    read: (ctx) => readDocuments(source, ctx),
  };
}

async function* readDocuments(source: MicrosoftDriveSource, ctx: SourceReadContext): AsyncGenerator<SourceBatch> {
  const values = ctx.values;
  const base = ctx.serviceUrl?.('graph') ?? serviceDefaults.graph;
  const access: GraphAccess = { http: ctx.http, base, token: accessTokenOf(ctx.credential), signal: ctx.signal };
  const globs = Array.isArray(values.globs) ? values.globs.map(String) : [];
  const scope = (text(values.search_scope) || 'ALL') as SearchScope;
  const listed = await scopedFiles(access, scope, () => source.drives(access, values), text(values.folder_path) || '.', globs);
  const since = cursorOf(ctx.cursor);
  const startDate = Date.parse(text(values.start_date)) || 0;
  const files = listed.filter((file) => modifiedAt(file) >= startDate && isNewSince(file, since));
  ctx.total(files.length);
  let cursor = since;
  const size = Math.max(1, ctx.batchSize);
  for (let at = 0; at < files.length; at += size) {
    const batch = files.slice(at, at + size);
    const runs: Record<string, unknown>[] = [];
    for (const file of batch) runs.push(await documentOf(access, file));
    cursor = cursorAfter(batch, cursor);
    yield { runs, records: batch.length, cursor };
  }
}

function cursorOf(value: unknown): DriveCursor | null {
  const cursor = value as Partial<DriveCursor> | null;
  return cursor && typeof cursor.modifiedAt === 'number' && Array.isArray(cursor.keys) ? { modifiedAt: cursor.modifiedAt, keys: cursor.keys.map(String) } : null;
}

function isNewSince(file: DriveFile, since: DriveCursor | null): boolean {
  if (!since) return true;
  const at = modifiedAt(file);
  return at > since.modifiedAt || (at === since.modifiedAt && !since.keys.includes(file.key));
}

function cursorAfter(batch: DriveFile[], previous: DriveCursor | null): DriveCursor {
  const last = modifiedAt(batch.at(-1)!);
  const keys = batch.filter((file) => modifiedAt(file) === last).map((file) => file.key);
  return { modifiedAt: last, keys: previous?.modifiedAt === last ? [...previous.keys, ...keys] : keys };
}

/** spec 001 §3's outputs of one document */
async function documentOf(access: GraphAccess, file: DriveFile): Promise<Record<string, unknown>> {
  const bytes = await download(access, file);
  let content = '';
  let parseError: string | null = null;
  try {
    content = await documentText(bytes, file.name, access.signal ?? new AbortController().signal);
  } catch (error) {
    if (access.signal?.aborted) throw error;
    parseError = error instanceof Error ? error.message : String(error);
  }
  return {
    document_key: file.key,
    content,
    _ab_source_file_last_modified: file.lastModified,
    _ab_source_file_url: file.webUrl,
    _ab_source_file_parse_error: parseError,
  };
}

/** the file's bytes; Graph answers with a redirect to a pre-authenticated URL, which the client follows without the token */
async function download(access: GraphAccess, file: DriveFile): Promise<Uint8Array> {
  const url = `${access.base}/drives/${encodeURIComponent(file.driveId)}/items/${encodeURIComponent(file.itemId)}/content`;
  const response = await access.http
    .request({ url, headers: { authorization: `Bearer ${access.token}` }, maxResponseMB: MAX_FILE_MB, timeoutSeconds: 300, ...(access.signal ? { signal: access.signal } : {}) })
    .catch((error: unknown) => {
      throw isNodeError(error) ? outboundError(GRAPH_ERROR, error) : error;
    });
  if (!response.ok) throw new NodeError(`${GRAPH_ERROR}: ${response.status} ${response.text().slice(0, 1000)}`.trim(), kindOfStatus(response.status));
  return response.body;
}
