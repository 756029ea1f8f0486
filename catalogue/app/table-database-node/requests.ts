/**
 * @module catalogue/app/table-database-node/requests — each action as the tool-execution
 * service's tool and arguments (its Airtable tools, AIRTABLE_*) and as the same request to the
 * Airtable Web API (`{airtable}` = https://api.airtable.com/v0), for credentials that hold a
 * personal access token. JSON inputs are parsed here; a parse failure names its field.
 */
import { userError } from '../../errors.ts';
import { parseJsonField } from '../tool-service/connection.ts';
import { MAX_RECORDS_PER_REQUEST, type TableAction } from './definition.ts';

/** The values an action reads (the node's fields, as the executor has them). */
export interface TableValues {
  action?: TableAction;
  baseId?: string;
  tableIdOrName?: string;
  recordId?: string;
  fields?: unknown;
  records?: unknown;
  recordIds?: unknown;
  name?: string;
  fieldsConfig?: unknown;
  tableDescription?: string;
  fieldType?: string;
  fieldOptions?: unknown;
  fieldDescription?: string;
  commentText?: string;
  cellFormat?: string;
  returnFieldsByFieldId?: boolean;
  fieldsFilter?: unknown[];
  filterByFormula?: string;
  maxRecords?: number;
  pageSize?: number;
  offset?: string;
  sort?: unknown;
  view?: string;
  timeZone?: string;
  userLocale?: string;
  recordMetadata?: string[];
}

export interface DirectRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** after `{airtable}`, query string included */
  path: string;
  body?: unknown;
}

export interface TableRequest {
  tool: string;
  args: Record<string, unknown>;
  direct: DirectRequest;
}

const seg = (value: string | undefined) => encodeURIComponent(value ?? '');
/** the entries whose value is set (undefined, null and '' left out) */
const defined = (entries: Record<string, unknown>) => Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined && v !== null && v !== ''));
const query = (entries: Record<string, unknown>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(defined(entries))) {
    if (Array.isArray(value)) for (const item of value) params.append(`${key}[]`, String(item));
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

function objectOf(value: unknown, label: string): Record<string, unknown> {
  const parsed = parseJsonField(value, label);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw userError(`${label} must be a JSON object`);
  return parsed as Record<string, unknown>;
}

function listOf(value: unknown, label: string): unknown[] {
  const parsed = typeof value === 'string' && !value.trim().startsWith('[') ? value.split(',').map((v) => v.trim()).filter(Boolean) : parseJsonField(value, label);
  if (!Array.isArray(parsed)) throw userError(`${label} must be a JSON list`);
  return parsed;
}

/** at most 10 (spec 002 §5) */
function atMostTen<T>(items: T[], label: string): T[] {
  if (items.length > MAX_RECORDS_PER_REQUEST) throw userError(`${label}: at most ${MAX_RECORDS_PER_REQUEST} per request (got ${items.length})`);
  return items;
}

/** records as the API takes them: `[{fields}]`, from `[{fields}]` or plain field objects */
function recordsOf(value: unknown): Array<{ fields: Record<string, unknown> }> {
  const list = atMostTen(listOf(value, 'Records'), 'Records');
  return list.map((record, i) => {
    if (!record || typeof record !== 'object' || Array.isArray(record)) throw userError(`Records: item ${i + 1} must be an object`);
    const fields = (record as { fields?: unknown }).fields;
    return { fields: (fields && typeof fields === 'object' ? fields : record) as Record<string, unknown> };
  });
}

export function tableRequest(v: TableValues): TableRequest {
  const base = seg(v.baseId);
  const table = `${base}/${seg(v.tableIdOrName)}`;
  const record = `${table}/${seg(v.recordId)}`;
  const target = { baseId: v.baseId, tableIdOrName: v.tableIdOrName };
  switch (v.action) {
    case 'listBases':
      return { tool: 'AIRTABLE_LIST_BASES', args: defined({ offset: v.offset }), direct: { method: 'GET', path: `/meta/bases${query({ offset: v.offset })}` } };
    case 'createComment':
      return { tool: 'AIRTABLE_CREATE_COMMENT', args: { ...target, recordId: v.recordId, text: v.commentText }, direct: { method: 'POST', path: `/${record}/comments`, body: { text: v.commentText } } };
    case 'createField': {
      const field = defined({ name: v.name, type: v.fieldType, description: v.fieldDescription, options: v.fieldOptions === undefined ? undefined : objectOf(v.fieldOptions, 'Field options') });
      return { tool: 'AIRTABLE_CREATE_FIELD', args: { baseId: v.baseId, tableId: v.tableIdOrName, ...field }, direct: { method: 'POST', path: `/meta/bases/${base}/tables/${seg(v.tableIdOrName)}/fields`, body: field } };
    }
    case 'createMultipleRecords': {
      const records = recordsOf(v.records);
      return { tool: 'AIRTABLE_CREATE_MULTIPLE_RECORDS', args: { ...target, records }, direct: { method: 'POST', path: `/${table}`, body: { records } } };
    }
    case 'createRecord': {
      const fields = objectOf(v.fields, 'Fields');
      return { tool: 'AIRTABLE_CREATE_RECORD', args: { ...target, fields }, direct: { method: 'POST', path: `/${table}`, body: { fields } } };
    }
    case 'createTable': {
      const fields = listOf(v.fieldsConfig, 'Table fields');
      const made = defined({ name: v.name, description: v.tableDescription, fields });
      return { tool: 'AIRTABLE_CREATE_TABLE', args: { baseId: v.baseId, ...made }, direct: { method: 'POST', path: `/meta/bases/${base}/tables`, body: made } };
    }
    case 'deleteMultipleRecords': {
      const recordIds = atMostTen(listOf(v.recordIds, 'Record ids').map(String), 'Record ids');
      return { tool: 'AIRTABLE_DELETE_MULTIPLE_RECORDS', args: { ...target, recordIds }, direct: { method: 'DELETE', path: `/${table}${query({ records: recordIds })}` } };
    }
    case 'deleteRecord':
      return { tool: 'AIRTABLE_DELETE_RECORD', args: { ...target, recordId: v.recordId }, direct: { method: 'DELETE', path: `/${record}` } };
    case 'getBaseSchema':
      return { tool: 'AIRTABLE_GET_BASE_SCHEMA', args: { baseId: v.baseId }, direct: { method: 'GET', path: `/meta/bases/${base}/tables` } };
    case 'getRecord': {
      const options = { cellFormat: v.cellFormat, returnFieldsByFieldId: v.returnFieldsByFieldId, timeZone: v.timeZone, userLocale: v.userLocale };
      return { tool: 'AIRTABLE_GET_RECORD', args: defined({ ...target, recordId: v.recordId, ...options }), direct: { method: 'GET', path: `/${record}${query(options)}` } };
    }
    case 'getUserInfo':
      return { tool: 'AIRTABLE_GET_USER_INFO', args: {}, direct: { method: 'GET', path: '/meta/whoami' } };
    case 'listComments': {
      const page = { pageSize: v.pageSize, offset: v.offset };
      return { tool: 'AIRTABLE_LIST_COMMENTS', args: defined({ ...target, recordId: v.recordId, ...page }), direct: { method: 'GET', path: `/${record}/comments${query(page)}` } };
    }
    case 'listRecords': {
      const options = defined({
        timeZone: v.timeZone,
        userLocale: v.userLocale,
        pageSize: v.pageSize,
        maxRecords: v.maxRecords,
        offset: v.offset,
        view: v.view,
        sort: v.sort === undefined ? undefined : listOf(v.sort, 'Sort'),
        filterByFormula: v.filterByFormula,
        cellFormat: v.cellFormat,
        fields: v.fieldsFilter?.length ? v.fieldsFilter.map(String) : undefined,
        returnFieldsByFieldId: v.returnFieldsByFieldId,
        recordMetadata: v.recordMetadata?.length ? v.recordMetadata : undefined,
      });
      return { tool: 'AIRTABLE_LIST_RECORDS', args: { ...target, ...options }, direct: { method: 'POST', path: `/${table}/listRecords`, body: options } };
    }
    case 'updateRecord': {
      const fields = objectOf(v.fields, 'Fields');
      return { tool: 'AIRTABLE_UPDATE_RECORD', args: { ...target, recordId: v.recordId, fields }, direct: { method: 'PATCH', path: `/${record}`, body: { fields } } };
    }
    default:
      throw userError(`Unknown action: ${String(v.action)}`);
  }
}
