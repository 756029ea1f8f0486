import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNode, testContext } from '../../testing/node-harness.ts';
import { PARSE_LIMITS } from './limits.ts';
import { parseInWorker } from './parse-in-worker.ts';
import type { ParseJob } from './parse-types.ts';
import node from './run.ts';
import { docxWithTable, pdfOf, xlsxTwoSheets } from './testing/documents.ts';
import { type FileServer, startFileServer } from './testing/file-server.ts';
import { billionLaughsXml, manyPagesPdf, withPart, zipBomb } from './testing/hostile.ts';

let server: FileServer;
const extract = (path: string, values: Record<string, unknown> = {}) =>
  runNode(node, { fileUrl: `${server.origin}${path}`, ...values }, testContext({ allowOutbound: [server.host] }));

beforeAll(async () => {
  server = await startFileServer();
  const docx = await docxWithTable();
  const xlsx = await xlsxTwoSheets();
  server.files.set('/bomb.docx', { body: await zipBomb(PARSE_LIMITS.maxUncompressedBytes / 1024 / 1024 + 10) });
  server.files.set('/laughs.docx', { body: await withPart(docx, 'word/document.xml', billionLaughsXml('w:document')) });
  server.files.set('/laughs.xlsx', { body: await withPart(xlsx, 'xl/worksheets/sheet1.xml', billionLaughsXml('worksheet')) });
  server.files.set('/huge.pdf', { body: manyPagesPdf(100, 1000) });
  server.files.set('/corrupt.pdf', { body: '%PDF-1.7\nthis is not really a PDF at all\n%%EOF' });
  server.files.set('/noise.pdf', { body: Buffer.from('d1c3a9f00b42', 'hex'), type: 'application/pdf' });
  server.files.set('/cut.xlsx', { body: xlsx.subarray(0, Math.floor(xlsx.length / 2)) });
  server.files.set('/bad.json', { body: '{"a": ', type: 'application/json' });
}, 60_000);
afterAll(() => server.close());

describe('Extract from File on hostile files', () => {
  it('refuses a zip bomb from the sizes it declares, before inflating it', async () => {
    const bomb = server.files.get('/bomb.docx')!.body;
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(extract('/bomb.docx')).rejects.toMatchObject({ kind: 'user', message: 'The file unpacks to more than 200 MB (a zip bomb?); it is refused' });
  });

  it('refuses billion-laughs XML inside a DOCX and an XLSX', async () => {
    await expect(extract('/laughs.docx')).rejects.toMatchObject({ kind: 'user', message: "The file's part word/document.xml declares a DOCTYPE (XML entity expansion); it is refused" });
    await expect(extract('/laughs.xlsx')).rejects.toThrow("The file's part xl/worksheets/sheet1.xml declares a DOCTYPE");
  });

  it('refuses a PDF of 100,000 pages before reading any', async () => {
    await expect(extract('/huge.pdf')).rejects.toMatchObject({ kind: 'user', message: 'The PDF has 100000 pages; at most 2000 are read' });
  });

  it('fails corrupt files with the spec text and the reason', async () => {
    await expect(extract('/corrupt.pdf')).rejects.toMatchObject({ kind: 'user', message: expect.stringMatching(/^Invalid or unsupported file format: ./) });
    await expect(extract('/noise.pdf')).rejects.toMatchObject({ kind: 'user', message: 'Invalid or unsupported file format: noise.pdf' });
    await expect(extract('/noise.pdf', { format: 'docx' })).rejects.toMatchObject({ kind: 'user', message: expect.stringMatching(/^Invalid or unsupported file format: ./) });
    await expect(extract('/cut.xlsx')).rejects.toMatchObject({ kind: 'user', message: expect.stringMatching(/^Invalid or unsupported file format: ./) });
    await expect(extract('/bad.json')).rejects.toMatchObject({ kind: 'user', message: expect.stringMatching(/^Invalid or unsupported file format: .*JSON/) });
  });

  it('ends a parse that outgrows its memory or its time in its worker, not in the process', async () => {
    const rows = 'a,b,c\n' + 'some text,more text,and more\n'.repeat(400_000);
    const job = (limits: Partial<typeof PARSE_LIMITS>): ParseJob => ({
      format: 'csv',
      bytes: Buffer.from(rows),
      options: { returnRawText: false, joinPages: false, encoding: 'utf8', headers: true, csv: csvDefaults },
      limits: { ...PARSE_LIMITS, ...limits },
    });
    const signal = new AbortController().signal;
    await expect(parseInWorker(job({ memoryMb: 16 }), 'rows.csv', () => {}, signal)).rejects.toMatchObject({
      kind: 'user',
      message: 'Parsing rows.csv needed more than 16 MB of memory; it was stopped',
    });
    await expect(parseInWorker(job({ timeoutMs: 200 }), 'rows.csv', () => {}, signal)).rejects.toMatchObject({
      kind: 'timeout',
      message: 'Parsing rows.csv took longer than 0.2 s; it was stopped',
    });
    // the process is fine: the next parse works
    const pdf = await pdfOf(['still here']);
    await expect(parseInWorker({ ...job({}), format: 'pdf', bytes: pdf }, 'ok.pdf', () => {}, signal)).resolves.toEqual(['still here']);
  }, 60_000);
});

const csvDefaults = {
  delimiter: ',',
  headers: true,
  quote: '"',
  ignoreEmpty: false,
  discardUnmappedColumns: false,
  trim: false,
  rtrim: false,
  ltrim: false,
  maxRows: 0,
  skipRows: 0,
};
