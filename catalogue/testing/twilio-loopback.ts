/**
 * @module catalogue/testing/twilio-loopback — a loopback server speaking the messaging
 * provider's REST API (2010-04-01) as documented: Basic auth of the account SID and auth
 * token (401 with error 20003 otherwise), the account resource, Messages.json and Calls.json
 * with form bodies (400 with error 21211 for a number that is not E.164). It records every
 * request, so tests assert exactly what weft sent.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string;
  contentType: string;
  /** the raw body and its form fields */
  body: string;
  form: Record<string, string>;
}

export interface TwilioLoopback {
  /** `serviceUrls.twilio`: http://127.0.0.1:<port>/2010-04-01 */
  baseUrl: string;
  /** WEFT_OUTBOUND_ALLOW entry */
  host: string;
  accountSid: string;
  authToken: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

const E164 = /^(whatsapp:)?\+[1-9]\d{6,14}$/;

export async function startTwilioLoopback(): Promise<TwilioLoopback> {
  const accountSid = 'AC0123456789abcdef0123456789abcdef';
  const authToken = 'twilio-auth-token-5e2b8d41c9';
  const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const requests: RecordedRequest[] = [];
  let counter = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const form = Object.fromEntries(new URLSearchParams(body));
      requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization ?? '', contentType: req.headers['content-type'] ?? '', body, form });
      const answer = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      const error = (status: number, code: number, message: string) =>
        answer(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
      if (req.headers.authorization !== expected) return error(401, 20003, 'Authenticate');
      const base = `/2010-04-01/Accounts/${accountSid}`;
      if (req.method === 'GET' && path === `${base}.json`) return answer(200, { sid: accountSid, friendly_name: 'Weft test account', status: 'active' });
      if (req.method === 'POST' && (path === `${base}/Messages.json` || path === `${base}/Calls.json`)) {
        for (const field of ['To', 'From']) {
          if (!form[field]) return error(400, 21604, `A '${field}' phone number is required.`);
          if (!E164.test(form[field])) return error(400, 21211, `The '${field}' number ${form[field]} is not a valid phone number.`);
        }
        counter += 1;
        const common = { account_sid: accountSid, to: form.To, from: form.From, status: 'queued', date_created: 'Wed, 25 Nov 2026 04:00:00 +0000' };
        if (path.endsWith('/Calls.json')) {
          if (!form.Twiml && !form.Url) return error(400, 21205, 'Url parameter is required.');
          return answer(201, { ...common, sid: `CA${String(counter).padStart(32, '0')}`, direction: 'outbound-api' });
        }
        if (!form.Body && !form.MediaUrl) return error(400, 21602, 'Message body is required.');
        return answer(201, { ...common, sid: `SM${String(counter).padStart(32, '0')}`, body: form.Body, num_media: form.MediaUrl ? '1' : '0' });
      }
      error(404, 20404, 'The requested resource was not found');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/2010-04-01`,
    host: `127.0.0.1:${port}`,
    accountSid,
    authToken,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
