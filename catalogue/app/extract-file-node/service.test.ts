import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNode, testContext } from '../../testing/node-harness.ts';
import node from './run.ts';
import { type FileServer, startFileServer } from './testing/file-server.ts';

/** A loopback server speaking the file-parsing service's API (spec 002 §7), recording each request. */
interface Seen {
  path: string;
  authorization?: string;
  body: Record<string, unknown>;
}
let service: Server;
let serviceUrl: string;
let files: FileServer;
const seen: Seen[] = [];

async function bodyOf(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

beforeAll(async () => {
  files = await startFileServer();
  files.files.set('/notes.txt', { body: 'parsed here' });
  service = createServer(async (request, response) => {
    const body = await bodyOf(request);
    seen.push({ path: request.url ?? '', authorization: request.headers.authorization, body });
    const reply = (status: number, value: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (request.headers.authorization !== 'Bearer key-123') return reply(401, { detail: 'Invalid API key' });
    if (String(body.url).includes('locked')) return reply(422, { detail: 'Incorrect password' });
    if (request.url === '/tools/pdf/parse') return reply(200, { metadata: { size: 2048, pages: 2 }, result: ['page one', 'page two'] });
    if (request.url === '/tools/doc/parse') return reply(200, { metadata: {}, result: 'the document text' });
    if (request.url === '/tools/pdf/to-images') return reply(200, { result: { images: ['https://img/1.png', 'https://img/2.png'] } });
    return reply(404, { detail: 'Not Found' });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  serviceUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
});
afterAll(async () => {
  service.closeAllConnections();
  await new Promise((resolve) => service.close(resolve));
  await files.close();
});

function context(apiKey = 'key-123') {
  return testContext({
    allowOutbound: [new URL(serviceUrl).host, files.host],
    credentials: {
      async get(name) {
        if (name !== 'parser') throw new Error(`No credentials found for ${name}`);
        return { hostUrl: `${serviceUrl}/`, apiKey };
      },
    },
  });
}

describe('Extract from File through the file-parsing service', () => {
  it('sends PDFs to pdf/parse and Word files to doc/parse with the bearer key, url, password and chunk', async () => {
    seen.length = 0;
    const result = await runNode(
      node,
      { fileUrl: ['https://files.example.com/a/report.pdf', 'https://files.example.com/letter.docx'], credentials: 'parser', password: 'pw', joinPages: true },
      context(),
    );
    expect(seen).toEqual([
      { path: '/tools/pdf/parse', authorization: 'Bearer key-123', body: { url: 'https://files.example.com/a/report.pdf', password: 'pw', chunk: false } },
      { path: '/tools/doc/parse', authorization: 'Bearer key-123', body: { url: 'https://files.example.com/letter.docx', password: 'pw', chunk: false } },
    ]);
    const { files: answered } = result.output as { files: Array<{ metadata: Record<string, unknown>; data: unknown }> };
    expect(answered[0]).toEqual({
      metadata: {
        type: 'pdf',
        url: 'https://files.example.com/a/report.pdf',
        filename: 'report.pdf',
        extension: 'pdf',
        mime_type: 'application/pdf',
        size: 2048,
        file_id: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
      data: ['page one', 'page two'],
    });
    expect(answered[1]).toMatchObject({ metadata: { type: 'docx', filename: 'letter.docx' }, data: 'the document text' });
  });

  it('turns PDF pages into images with pdf/to-images', async () => {
    seen.length = 0;
    const result = await runNode(node, { fileUrl: 'https://files.example.com/slides', credentials: 'parser', format: 'pdfToImage' }, context());
    expect(seen).toEqual([{ path: '/tools/pdf/to-images', authorization: 'Bearer key-123', body: { url: 'https://files.example.com/slides', password: '' } }]);
    expect((result.output as { files: Array<{ data: unknown }> }).files[0]!.data).toEqual(['https://img/1.png', 'https://img/2.png']);
  });

  it('parses other formats itself, even with the credential', async () => {
    seen.length = 0;
    const result = await runNode(node, { fileUrl: `${files.origin}/notes.txt`, credentials: 'parser' }, context());
    expect(seen).toEqual([]);
    expect((result.output as { files: Array<{ data: unknown }> }).files[0]!.data).toBe('parsed here');
  });

  it("fails with the service's detail, its kind by status", async () => {
    await expect(runNode(node, { fileUrl: 'https://files.example.com/locked.pdf', credentials: 'parser' }, context())).rejects.toMatchObject({
      kind: 'user',
      message: 'File parsing service: Incorrect password',
    });
    await expect(runNode(node, { fileUrl: 'https://files.example.com/a.pdf', credentials: 'parser' }, context('wrong'))).rejects.toMatchObject({
      kind: 'user',
      message: 'File parsing service: Invalid API key',
    });
    await expect(runNode(node, { fileUrl: 'https://files.example.com/a.pdf', credentials: 'other' }, context())).rejects.toThrow('No credentials found for other');
  });
});
