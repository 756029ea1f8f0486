/**
 * @module catalogue/app/extract-file-node/extract-one — one file of the node: by the service
 * when the node has its credential and the file is a PDF or Word document (or pdfToImage),
 * else fetched and parsed here. Answers { metadata, data } (and base64 when asked).
 */
import { userError } from '../../errors.ts';
import type { NodeContext } from '../../types.ts';
import { fetchFile, fileIdOf, filenameOf, type FetchLimits } from './fetch-file.ts';
import { type DetectedFormat, detectFormat, extensionOf, type FileFormat, isImageFormat, MIME_TYPES } from './formats.ts';
import type { ParseLimits } from './limits.ts';
import { parseInWorker } from './parse-in-worker.ts';
import type { ParseOptions, Progress } from './parse-types.ts';
import { callService, type ServiceCredential } from './service.ts';

export const INVALID_FORMAT = 'Invalid or unsupported file format';
export const NOT_SUPPORTED = 'File type not supported';

export interface FileMetadata {
  type: string;
  url: string;
  filename: string;
  extension: string;
  mime_type: string;
  size: number | null;
  file_id: string;
}

export interface ExtractedFile {
  metadata: FileMetadata;
  data: unknown;
  base64?: string;
}

export interface ExtractSettings {
  format: 'auto' | FileFormat;
  encodeAsBase64: boolean;
  options: ParseOptions;
  fetch: FetchLimits;
  limits: ParseLimits;
  service?: ServiceCredential;
}

export async function extractOne(url: string, settings: ExtractSettings, progress: Progress, ctx: NodeContext): Promise<ExtractedFile> {
  const serviceKind = settings.service ? serviceKindOf(url, settings.format) : undefined;
  if (settings.service && serviceKind) return extractByService(url, serviceKind, settings, settings.service, ctx);
  if (settings.format === 'pdfToImage') throw userError(`${NOT_SUPPORTED}: pdfToImage needs a "File parsing service" credential`);

  const file = await fetchFile(url, settings.fetch, ctx);
  const detected = settings.format === 'auto' || settings.format === 'base64' ? detectFormat(file) : settings.format;
  const metadata: FileMetadata = {
    type: settings.format === 'base64' ? 'base64' : (detected ?? 'unknown'),
    url,
    filename: file.filename,
    extension: extensionOf(file.filename),
    mime_type: file.mimeType || (detected ? MIME_TYPES[detected] : 'application/octet-stream'),
    size: file.bytes.byteLength,
    file_id: fileIdOf(file.bytes),
  };
  const base64 = () => Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength).toString('base64');
  let data: unknown;
  if (settings.format === 'base64') data = base64();
  else if (!detected) throw userError(`${INVALID_FORMAT}: ${file.filename || url}`);
  else if (isImageFormat(detected) && detected !== 'svg') data = base64();
  else data = await parseInWorker({ format: detected, bytes: file.bytes, options: settings.options, limits: settings.limits }, file.filename || url, progress, ctx.signal);
  return settings.encodeAsBase64 ? { metadata, data, base64: base64() } : { metadata, data };
}

type ServiceKind = 'pdf' | 'doc' | 'pdfToImage';

/** Which service call a file takes: a forced format, or (auto) its URL's extension. */
function serviceKindOf(url: string, format: ExtractSettings['format']): ServiceKind | undefined {
  if (format === 'pdfToImage') return 'pdfToImage';
  const known: DetectedFormat | undefined = format === 'auto' ? (extensionOf(filenameOf(undefined, url)) as DetectedFormat) : format === 'base64' ? undefined : format;
  if (known === 'pdf') return 'pdf';
  if (known === 'doc' || known === 'docx') return 'doc';
  return undefined;
}

async function extractByService(url: string, kind: ServiceKind, settings: ExtractSettings, service: ServiceCredential, ctx: NodeContext): Promise<ExtractedFile> {
  const password = settings.options.password ?? '';
  const answer =
    kind === 'pdfToImage'
      ? await callService({ path: 'pdf/to-images', body: { url, password } }, service, settings.fetch.timeoutSeconds, ctx)
      : await callService({ path: `${kind}/parse`, body: { url, password, chunk: !settings.options.joinPages } }, service, settings.fetch.timeoutSeconds, ctx);
  const filename = filenameOf(undefined, url);
  const extension = extensionOf(filename);
  const type = kind === 'pdfToImage' ? 'pdfToImage' : kind === 'pdf' ? 'pdf' : extension === 'doc' ? 'doc' : 'docx';
  const size = answer.metadata.size ?? answer.metadata.file_size;
  const metadata: FileMetadata = {
    type,
    url,
    filename,
    extension,
    mime_type: type === 'pdfToImage' ? MIME_TYPES.pdf : MIME_TYPES[type as 'pdf' | 'doc' | 'docx'],
    size: typeof size === 'number' ? size : null,
    file_id: typeof answer.metadata.file_id === 'string' ? answer.metadata.file_id : fileIdOf(url),
  };
  const result = answer.result as { images?: unknown } | null;
  const data = kind === 'pdfToImage' ? (result && typeof result === 'object' ? result.images : undefined) ?? [] : answer.result;
  return { metadata, data };
}
