/**
 * @module catalogue/app/extract-file-node/formats — the formats Extract from File knows, their
 * MIME types and extensions, and detection: the file's own bytes first (magic numbers), then
 * its Content-Type, then its name's extension.
 */
export const IMAGE_FORMATS = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'tiff', 'svg'] as const;
export const FILE_FORMATS = ['csv', 'text', 'json', 'html', 'pdf', 'docx', 'doc', 'xlsx', 'xls', 'pptx', 'txt', ...IMAGE_FORMATS, 'base64', 'pdfToImage'] as const;

export type FileFormat = (typeof FILE_FORMATS)[number];
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
/** what a file is, once known: a format with its own parser */
export type DetectedFormat = Exclude<FileFormat, 'base64' | 'pdfToImage'>;

export const MIME_TYPES: Record<DetectedFormat, string> = {
  csv: 'text/csv',
  text: 'text/plain',
  txt: 'text/plain',
  json: 'application/json',
  html: 'text/html',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  tiff: 'image/tiff',
  svg: 'image/svg+xml',
};

const byExtension = new Map<string, DetectedFormat>([
  ...Object.keys(MIME_TYPES).map((f) => [f, f as DetectedFormat] as const),
  ['htm', 'html'],
  ['tif', 'tiff'],
  ['md', 'txt'],
]);

const byMime = new Map<string, DetectedFormat>([
  ['text/csv', 'csv'],
  ['application/csv', 'csv'],
  ['text/plain', 'txt'],
  ['text/markdown', 'txt'],
  ['application/json', 'json'],
  ['text/html', 'html'],
  ['application/xhtml+xml', 'html'],
  ['application/pdf', 'pdf'],
  [MIME_TYPES.docx, 'docx'],
  ['application/msword', 'doc'],
  [MIME_TYPES.xlsx, 'xlsx'],
  ['application/vnd.ms-excel', 'xls'],
  [MIME_TYPES.pptx, 'pptx'],
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
  ['image/bmp', 'bmp'],
  ['image/tiff', 'tiff'],
  ['image/svg+xml', 'svg'],
]);

export function isImageFormat(format: string): format is ImageFormat {
  return (IMAGE_FORMATS as readonly string[]).includes(format);
}

/** The extension of a file name, lower-case, without the dot ('' when none). */
export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
}

function startsWith(bytes: Uint8Array, ...signature: number[]): boolean {
  return signature.every((byte, i) => bytes[i] === byte);
}

/** The format the bytes announce themselves (containers need the name or type to tell DOCX from XLSX). */
function sniff(bytes: Uint8Array, hint: DetectedFormat | undefined): DetectedFormat | undefined {
  if (startsWith(bytes, 0x25, 0x50, 0x44, 0x46, 0x2d)) return 'pdf';
  if (startsWith(bytes, 0x89, 0x50, 0x4e, 0x47)) return 'png';
  if (startsWith(bytes, 0xff, 0xd8, 0xff)) return 'jpg';
  if (startsWith(bytes, 0x47, 0x49, 0x46, 0x38)) return 'gif';
  if (startsWith(bytes, 0x42, 0x4d)) return hint === 'bmp' ? 'bmp' : undefined;
  if (startsWith(bytes, 0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45) return 'webp';
  // a zip: an Office Open XML document; which one, its name or type says (else the parser finds out)
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04)) return hint === 'xlsx' || hint === 'docx' || hint === 'pptx' ? hint : undefined;
  // an OLE2 compound file: legacy Word or Excel
  if (startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0)) return hint === 'xls' ? 'xls' : hint === 'doc' ? 'doc' : undefined;
  return undefined;
}

export interface FileFacts {
  bytes: Uint8Array;
  /** the Content-Type the server sent, parameters removed */
  mimeType: string;
  filename: string;
}

/** The format of a file, or undefined when neither its bytes, its type nor its name tell. */
export function detectFormat({ bytes, mimeType, filename }: FileFacts): DetectedFormat | undefined {
  const fromName = byExtension.get(extensionOf(filename));
  const fromMime = byMime.get(mimeType);
  const hint = fromName ?? fromMime;
  const sniffed = sniff(bytes, hint);
  if (sniffed) return sniffed;
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04) || startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0)) return undefined;
  // text: the name or the type (a server sending text/plain for a .csv is common)
  if (fromName && !isBinary(fromName)) return fromName;
  if (fromMime && !isBinary(fromMime)) return fromMime;
  return undefined;
}

function isBinary(format: DetectedFormat): boolean {
  return !['csv', 'text', 'txt', 'json', 'html', 'svg'].includes(format);
}
