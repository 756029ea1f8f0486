/**
 * @module catalogue/app/extract-file-node/run — Extract from File: each URL of fileUrl in turn
 * (extract-one.ts), with progress per file and, inside a file, per page or rows read.
 */
import { defineNode } from '../../define-node.ts';
import { userError } from '../../errors.ts';
import { definition } from './definition.ts';
import { type ExtractedFile, extractOne, type ExtractSettings } from './extract-one.ts';
import { FETCH_ERROR } from './fetch-file.ts';
import { PARSE_LIMITS } from './limits.ts';
import { serviceCredential } from './service.ts';

/** files one node reads at most */
export const MAX_FILES = 100;

export default defineNode(definition, async (values, ctx) => {
  const urls = fileUrls(values.fileUrl);
  const credential = values.credentials?.trim();
  const settings: ExtractSettings = {
    format: values.format,
    encodeAsBase64: values.encodeAsBase64,
    options: {
      password: values.password || undefined,
      returnRawText: values.returnRawText,
      joinPages: values.joinPages,
      encoding: values.encoding,
      headers: values.format === 'auto' || values.format === 'csv' || values.format === 'xlsx' || values.format === 'xls' ? values.headers : true,
      csv:
        values.format === 'auto' || values.format === 'csv'
          ? {
              delimiter: values.delimiter,
              headers: values.headers,
              quote: values.quote,
              ignoreEmpty: values.ignoreEmpty,
              comment: values.comment || undefined,
              discardUnmappedColumns: values.discardUnmappedColumns,
              trim: values.trim,
              rtrim: values.rtrim,
              ltrim: values.ltrim,
              maxRows: values.maxRows,
              skipRows: values.skipRows,
            }
          : undefined,
    },
    fetch: { timeoutSeconds: values.timeout, maxFileMB: values.maxFileSize },
    limits: PARSE_LIMITS,
    service: credential ? await serviceCredential(credential, ctx) : undefined,
  };
  const files: ExtractedFile[] = [];
  for (const [index, url] of urls.entries()) {
    const prefix = urls.length > 1 ? `File ${index + 1} of ${urls.length}: ` : '';
    if (prefix) await ctx.progress(`${prefix}${url}`, { done: index, total: urls.length });
    const progress = (message: string, done: number, total?: number) => void ctx.progress(`${prefix}${message}`, total === undefined ? { done } : { done, total });
    files.push(await extractOne(url, settings, progress, ctx));
  }
  return { output: { files } };
});

/** fileUrl as a list of URLs: one text, a list of texts, or a JSON list written as text. */
function fileUrls(value: unknown): string[] {
  let list: unknown[] = Array.isArray(value) ? value : [value];
  if (typeof value === 'string' && value.trim().startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed)) list = parsed;
    } catch {
      // a URL that starts with a bracket is not one; it fails below
    }
  }
  const urls = list.map((item) => (typeof item === 'string' ? item.trim() : '')).filter((url, i) => url !== '' || typeof list[i] !== 'string');
  if (urls.length === 0) throw userError('File URL is required');
  if (urls.length > MAX_FILES) throw userError(`At most ${MAX_FILES} files are read at once`);
  for (const url of urls) {
    if (!/^https?:\/\//i.test(url)) throw userError(`${FETCH_ERROR}: not an http(s) URL: ${url.slice(0, 200) || '(not text)'}`);
  }
  return urls;
}
