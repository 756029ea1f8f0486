import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNode, testContext } from '../../testing/node-harness.ts';
import node from './run.ts';
import { type FileServer, startFileServer } from './testing/file-server.ts';

let server: FileServer;
const rows = async (body: string | Buffer, values: Record<string, unknown> = {}) => {
  server.files.set('/data.csv', { body, type: 'text/csv' });
  const result = await runNode(node, { fileUrl: `${server.origin}/data.csv`, ...values }, testContext({ allowOutbound: [server.host] }));
  return (result.output as { files: Array<{ data: unknown }> }).files[0]!.data;
};

beforeAll(async () => {
  server = await startFileServer();
});
afterAll(() => server.close());

describe('Extract from File: CSV options', () => {
  it('reads rows keyed by the header row by default, or as lists', async () => {
    expect(await rows('name,age\nAda,36\n')).toEqual([{ name: 'Ada', age: '36' }]);
    expect(await rows('name,age\nAda,36\n', { headers: false })).toEqual([['name', 'age'], ['Ada', '36']]);
  });

  it('takes another delimiter and quote character', async () => {
    expect(await rows("a;b\n'x;y';z\n", { delimiter: ';', quote: "'" })).toEqual([{ a: 'x;y', b: 'z' }]);
    await expect(rows('a,b\n', { delimiter: ';;' })).rejects.toMatchObject({ kind: 'user', message: expect.stringMatching(/^Invalid CSV options: .*delimiter/) });
  });

  it('skips empty rows and comment lines when asked', async () => {
    const text = 'a,b\n\n1,2\n# a note\n3,4\n';
    expect(await rows(text, { ignoreEmpty: true, comment: '#' })).toEqual([{ a: '1', b: '2' }, { a: '3', b: '4' }]);
    expect(await rows('a\n\n1\n', { ignoreEmpty: false })).toEqual([{ a: '' }, { a: '1' }]);
  });

  it('drops values beyond the header when discardUnmappedColumns, else fails the row', async () => {
    expect(await rows('a,b\n1,2,3\n', { discardUnmappedColumns: true })).toEqual([{ a: '1', b: '2' }]);
    await expect(rows('a,b\n1,2,3\n')).rejects.toMatchObject({ kind: 'user', message: expect.stringMatching(/^Invalid or unsupported file format: CSV: .*column header mismatch/) });
  });

  it('trims both sides, the right or the left', async () => {
    const text = 'a\n  x  \n';
    expect(await rows(text)).toEqual([{ a: '  x  ' }]);
    expect(await rows(text, { trim: true })).toEqual([{ a: 'x' }]);
    expect(await rows(text, { rtrim: true })).toEqual([{ a: '  x' }]);
    expect(await rows(text, { ltrim: true })).toEqual([{ a: 'x  ' }]);
  });

  it('skips and caps data rows (maxRows 0 reads all), and checks their bounds', async () => {
    const text = 'n\n1\n2\n3\n4\n5\n';
    expect(await rows(text, { maxRows: 0 })).toHaveLength(5);
    expect(await rows(text, { skipRows: 1, maxRows: 2 })).toEqual([{ n: '2' }, { n: '3' }]);
    await expect(rows(text, { maxRows: -1 })).rejects.toThrow('Maximum rows must be at least 0');
    await expect(rows(text, { skipRows: -2 })).rejects.toThrow('Rows to skip must be at least 0');
  });

  it('decodes utf8, ascii and utf16le', async () => {
    expect(await rows(Buffer.from('\ufeffcity\nZürich\n', 'utf8'))).toEqual([{ city: 'Zürich' }]);
    expect(await rows(Buffer.from('\ufeffcity\nZürich\n', 'utf16le'), { encoding: 'utf16le' })).toEqual([{ city: 'Zürich' }]);
    expect(await rows(Buffer.from('city\nParis\n', 'ascii'), { encoding: 'ascii' })).toEqual([{ city: 'Paris' }]);
  });

  it('answers the text itself with returnRawText, and counts rows as progress', async () => {
    expect(await rows('a,b\n1,2\n', { returnRawText: true })).toBe('a,b\n1,2\n');
    server.files.set('/many.csv', { body: 'n\n' + Array.from({ length: 2500 }, (_, i) => i).join('\n') });
    const context = testContext({ allowOutbound: [server.host] });
    const details: unknown[] = [];
    context.progress = async (_message, detail) => void details.push(detail);
    await runNode(node, { fileUrl: `${server.origin}/many.csv` }, context);
    expect(details).toEqual([{ done: 1000 }, { done: 2000 }, { done: 2500, total: 2500 }]);
  });
});
