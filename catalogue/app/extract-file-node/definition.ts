/**
 * @module catalogue/app/extract-file-node/definition — Extract from File (spec 002 §3 "File
 * parsing node"): fetch one file or a list, detect or force its format, and answer each file's
 * metadata and parsed data. In-process parsers by default; a "File parsing service" credential
 * sends PDF and Word files to that service instead (spec 002 §7).
 */
import { OUTBOUND_LIMITS } from '../../outbound.ts';
import type { NodeDefinition } from '../../types.ts';
import { FILE_FORMATS, IMAGE_FORMATS } from './formats.ts';

/** the CSV options show when the format is csv, or auto (a file may turn out to be CSV) */
const csvOnly = { actionField: 'format', actionValue: ['auto', 'csv'] } as const;
/** headers apply to spreadsheet sheets too */
const tabular = { actionField: 'format', actionValue: ['auto', 'csv', 'xlsx', 'xls'] } as const;

export const CSV_ENCODINGS = ['utf8', 'ascii', 'utf16le'] as const;

export const definition = {
  name: 'extractFileNode',
  label: 'Extract from File',
  type: 'dynamicNode',
  category: 'App',
  status: 'Enabled',
  icon: 'book',
  docs: '/docs/nodes/extractFileNode',
  description:
    'Fetches a file (or a list of files) by URL and extracts its content: PDF text page by page (password-protected ' +
    'files too), Word documents, spreadsheets sheet by sheet, PowerPoint slides, CSV rows, JSON, HTML as text, plain text; images and ' +
    '"base64" come back as base64. The format is detected from the file itself, its Content-Type and its name ' +
    'unless you force one. Each file answers { metadata: { type, url, filename, extension, mime_type, size, file_id }, ' +
    'data }. Parsing runs in an isolated worker with a memory and a time limit; oversized, corrupt or hostile files ' +
    '(zip bombs, XML entity expansion, PDFs of more pages than the limit) fail the node with the reason.',
  inputs: [
    {
      name: 'fileUrl',
      label: 'File URL',
      type: 'data',
      required: true,
      placeholder: 'https://example.com/report.pdf',
      description: 'One URL, a list of URLs, or a template resolving to either.',
    },
    {
      name: 'credentials',
      label: 'File parsing service',
      type: 'credential',
      isCredential: true,
      description:
        'Optional: a "File parsing service" credential. With it, PDF and Word files (and pdfToImage) are parsed by that ' +
        'service; without it, weft parses them itself (pdfToImage needs the service).',
    },
    { name: 'password', label: 'Password', type: 'template', description: 'The password of a protected PDF.' },
    {
      name: 'format',
      label: 'Format',
      type: 'select',
      defaultValue: 'auto',
      values: (['auto', ...FILE_FORMATS] as const).map((value) => ({ label: value, value })),
      description: 'auto detects the format; another choice forces it.',
    },
    {
      name: 'encodeAsBase64',
      label: 'Encode as base64',
      type: 'boolean',
      defaultValue: false,
      description: 'Also answer the file’s bytes as base64 (in each file’s `base64`).',
    },
    { name: 'delimiter', label: 'Delimiter', type: 'text', defaultValue: ',', ...csvOnly },
    { name: 'headers', label: 'First row is headers', type: 'boolean', defaultValue: true, ...tabular, description: 'Rows become objects keyed by the first row; also applies to spreadsheet sheets.' },
    { name: 'quote', label: 'Quote character', type: 'text', defaultValue: '"', ...csvOnly },
    { name: 'ignoreEmpty', label: 'Ignore empty rows', type: 'boolean', defaultValue: false, ...csvOnly },
    { name: 'comment', label: 'Comment character', type: 'text', ...csvOnly, description: 'Lines starting with it are skipped, e.g. #.' },
    {
      name: 'discardUnmappedColumns',
      label: 'Discard unmapped columns',
      type: 'boolean',
      defaultValue: false,
      ...csvOnly,
      description: 'Drop the values of a row beyond the header’s columns (otherwise such a row fails the node).',
    },
    { name: 'trim', label: 'Trim values', type: 'boolean', defaultValue: false, ...csvOnly },
    { name: 'rtrim', label: 'Trim right', type: 'boolean', defaultValue: false, ...csvOnly },
    { name: 'ltrim', label: 'Trim left', type: 'boolean', defaultValue: false, ...csvOnly },
    { name: 'maxRows', label: 'Maximum rows', type: 'number', defaultValue: 0, minValue: 0, step: 1, ...csvOnly, description: '0 reads every row.' },
    { name: 'skipRows', label: 'Rows to skip', type: 'number', defaultValue: 0, minValue: 0, step: 1, ...csvOnly, description: 'Data rows skipped after the header.' },
    {
      name: 'encoding',
      label: 'Encoding',
      type: 'select',
      defaultValue: 'utf8',
      values: CSV_ENCODINGS.map((value) => ({ label: value, value })),
      description: 'The text encoding of CSV and text files.',
    },
    {
      name: 'returnRawText',
      label: 'Return raw text',
      type: 'boolean',
      defaultValue: false,
      description: 'Answer the file’s text instead of structure: CSV and JSON unparsed, HTML as source, spreadsheets as CSV text, Word without formatting.',
    },
    { name: 'joinPages', label: 'Join pages', type: 'boolean', defaultValue: false, description: 'PDF: one text instead of a list of page texts.' },
    {
      name: 'timeout',
      label: 'Timeout',
      type: 'number',
      ...OUTBOUND_LIMITS.timeoutSeconds,
      description: 'Seconds to fetch each file.',
    },
    {
      name: 'maxFileSize',
      label: 'Maximum file size',
      type: 'number',
      ...OUTBOUND_LIMITS.maxResponseMB,
      description: 'Megabytes a file may have; a larger file fails the node.',
    },
  ],
  outputs: [{ name: 'files', type: 'array', description: 'one entry a file: { metadata, data } (and base64 when asked)' }],
  closedOutputs: true,
  metadata: { author: 'weft', tags: ['file', 'pdf', 'docx', 'word', 'excel', 'xlsx', 'csv', 'parse', 'extract', ...IMAGE_FORMATS] },
} as const satisfies NodeDefinition;
