import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNode, testContext } from '../../testing/node-harness.ts';
import node from './run.ts';
import { docxWithTable, pdfOf, xlsTwoSheets, xlsxTwoSheets } from './testing/documents.ts';
import { type FileServer, startFileServer } from './testing/file-server.ts';

let server: FileServer;
const ctx = () => testContext({ allowOutbound: [server.host] });
const extract = async (values: Record<string, unknown>) => {
  const result = await runNode(node, values, ctx());
  return (result.output as { files: Array<{ metadata: Record<string, unknown>; data: unknown; base64?: string }> }).files;
};
const url = (path: string) => `${server.origin}${path}`;

beforeAll(async () => {
  server = await startFileServer();
  server.files.set('/two-pages.pdf', { body: await pdfOf(['Page one text', 'Page two text']), type: 'application/pdf' });
  server.files.set('/secret.pdf', { body: await pdfOf(['Top secret page'], 'open sesame'), type: 'application/pdf' });
  server.files.set('/report.docx', { body: await docxWithTable(), type: 'application/octet-stream' });
  server.files.set('/book.xlsx', { body: await xlsxTwoSheets() });
  server.files.set('/book.xls', { body: xlsTwoSheets() });
  server.files.set('/data.json', { body: '{"a":[1,2]}', type: 'application/json' });
  server.files.set('/page', { body: '<html><body><h1>Title</h1><p>Hello <a href="/x">world</a></p></body></html>', type: 'text/html; charset=utf-8' });
  server.files.set('/notes.txt', { body: 'plain notes' });
  server.files.set('/download', { body: 'x,y\n1,2\n', type: 'text/plain', disposition: 'attachment; filename="numbers.csv"' });
  server.files.set('/dot.png', { body: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), type: 'image/png' });
});
afterAll(() => server.close());

describe('Extract from File', () => {
  it('reads a PDF page by page, or joined', async () => {
    const [file] = await extract({ fileUrl: url('/two-pages.pdf') });
    expect(file!.data).toEqual(['Page one text', 'Page two text']);
    expect(file!.metadata).toMatchObject({ type: 'pdf', url: url('/two-pages.pdf'), filename: 'two-pages.pdf', extension: 'pdf', mime_type: 'application/pdf' });
    expect(file!.metadata.size).toBeGreaterThan(500);
    expect(file!.metadata.file_id).toMatch(/^[0-9a-f]{32}$/);
    const [joined] = await extract({ fileUrl: url('/two-pages.pdf'), joinPages: true });
    expect(joined!.data).toBe('Page one text\n\nPage two text');
  });

  it('reports PDF pages read as progress', async () => {
    const context = ctx();
    const counts: unknown[] = [];
    context.progress = async (message, detail) => void counts.push([message, detail]);
    await runNode(node, { fileUrl: url('/two-pages.pdf') }, context);
    expect(counts).toEqual([
      ['Read page 1 of 2', { done: 1, total: 2 }],
      ['Read page 2 of 2', { done: 2, total: 2 }],
    ]);
  });

  it('opens a password-protected PDF with its password, and says when it is missing or wrong', async () => {
    const [file] = await extract({ fileUrl: url('/secret.pdf'), password: 'open sesame' });
    expect(file!.data).toEqual(['Top secret page']);
    await expect(extract({ fileUrl: url('/secret.pdf') })).rejects.toMatchObject({ message: 'The PDF is password-protected: give its password', kind: 'user' });
    await expect(extract({ fileUrl: url('/secret.pdf'), password: 'nope' })).rejects.toThrow('The PDF password is incorrect');
  });

  it('reads a DOCX with its table, formatted or raw', async () => {
    const [file] = await extract({ fileUrl: url('/report.docx') });
    expect(file!.metadata).toMatchObject({ type: 'docx', extension: 'docx', mime_type: 'application/octet-stream' });
    const text = file!.data as string;
    expect(text).toContain('Quarterly report');
    expect(text).toMatch(/Region\s+Sales/);
    expect(text).toMatch(/North\s+120/);
    const [raw] = await extract({ fileUrl: url('/report.docx'), returnRawText: true });
    expect(raw!.data).toContain('Sales went up.');
    expect(raw!.data).toContain('South');
  });

  it('reads both sheets of an XLSX and of an XLS, keyed by headers or as rows or CSV text', async () => {
    const expected = {
      sheets: [
        { name: 'People', rows: [{ name: 'Ada', age: 36 }, { name: 'Alan', age: 41 }] },
        { name: 'Places', rows: [{ city: 'Paris', country: 'France' }] },
      ],
    };
    for (const path of ['/book.xlsx', '/book.xls']) {
      const [file] = await extract({ fileUrl: url(path) });
      expect(file!.data).toEqual(expected);
      const [rows] = await extract({ fileUrl: url(path), headers: false });
      expect((rows!.data as { sheets: Array<{ rows: unknown[] }> }).sheets[0]!.rows[0]).toEqual(['name', 'age']);
      const [raw] = await extract({ fileUrl: url(path), format: path.slice(-4).replace('.', ''), returnRawText: true });
      expect(raw!.data).toEqual({ sheets: [{ name: 'People', text: 'name,age\nAda,36\nAlan,41' }, { name: 'Places', text: 'city,country\nParis,France' }] });
    }
  });

  it('reads JSON, HTML as text, plain text, and names a file by its Content-Disposition', async () => {
    const files = await extract({ fileUrl: [url('/data.json'), url('/page'), url('/notes.txt'), url('/download')] });
    expect(files.map((f) => f.data)).toEqual([{ a: [1, 2] }, 'TITLE\n\nHello world', 'plain notes', [{ x: '1', y: '2' }]]);
    expect(files[1]!.metadata).toMatchObject({ type: 'html', filename: 'page', extension: '', mime_type: 'text/html' });
    expect(files[3]!.metadata).toMatchObject({ type: 'csv', filename: 'numbers.csv', extension: 'csv' });
    const [source] = await extract({ fileUrl: url('/page'), returnRawText: true });
    expect(source!.data).toContain('<h1>Title</h1>');
  });

  it('answers images and the base64 format as base64, and adds base64 on request', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64');
    const [image] = await extract({ fileUrl: url('/dot.png') });
    expect(image).toEqual({ metadata: expect.objectContaining({ type: 'png', mime_type: 'image/png' }), data: png });
    const [encoded] = await extract({ fileUrl: url('/notes.txt'), format: 'base64' });
    expect(encoded!.data).toBe(Buffer.from('plain notes').toString('base64'));
    const [both] = await extract({ fileUrl: url('/notes.txt'), encodeAsBase64: true });
    expect(both).toMatchObject({ data: 'plain notes', base64: Buffer.from('plain notes').toString('base64') });
  });

  it('takes a list of URLs, also written as JSON text, and reports each file', async () => {
    const context = ctx();
    const files = (await runNode(node, { fileUrl: JSON.stringify([url('/notes.txt'), url('/data.json')]) }, context)).output as { files: unknown[] };
    expect(files.files).toHaveLength(2);
    expect(context.progressed.slice(0, 1)).toEqual([`File 1 of 2: ${url('/notes.txt')}`]);
  });

  it('fails on an unknown or unfetchable file with the spec texts', async () => {
    server.files.set('/mystery', { body: Buffer.from([0, 1, 2, 3]) });
    await expect(extract({ fileUrl: url('/mystery') })).rejects.toMatchObject({ message: `Invalid or unsupported file format: mystery`, kind: 'user' });
    await expect(extract({ fileUrl: url('/missing.pdf') })).rejects.toMatchObject({ message: 'Failed to fetch data from url: 404 Not Found', kind: 'user' });
    await expect(extract({ fileUrl: 'ftp://example.com/a.pdf' })).rejects.toThrow('Failed to fetch data from url: not an http(s) URL');
    await expect(extract({ fileUrl: url('/two-pages.pdf'), format: 'pdfToImage' })).rejects.toThrow('File type not supported: pdfToImage needs');
    await expect(extract({ fileUrl: [] })).rejects.toThrow('File URL is required');
  });

  it('stops a download at the size limit and at the timeout', async () => {
    server.files.set('/big.txt', { body: Buffer.alloc(1024 * 1024 + 10, 0x61) });
    await expect(extract({ fileUrl: url('/big.txt'), maxFileSize: 1 })).rejects.toMatchObject({ kind: 'user', message: expect.stringMatching(/^Failed to fetch data from url: .*1 MB/) });
    await expect(extract({ fileUrl: url('/slow'), timeout: 1 })).rejects.toMatchObject({ kind: 'timeout', message: expect.stringMatching(/^Failed to fetch data from url: /) });
  });
});
