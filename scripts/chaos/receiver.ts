/**
 * @module scripts/chaos/receiver — the loopback service the chaos flows' API node calls: it
 * answers after `delayMs` and records every call with its Idempotency-Key and the harness's own
 * call number (from the body), so repeats can be told from one another (side-effects.ts).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReceivedCall } from './side-effects.ts';

export interface Receiver {
  /** host:port, for the flow's URL and WEFT_OUTBOUND_ALLOW */
  host: string;
  calls: ReceivedCall[];
  close(): Promise<void>;
}

export async function startReceiver(delayMs: number): Promise<Receiver> {
  const calls: ReceivedCall[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let call: string | undefined;
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { call?: unknown };
        if (body.call !== undefined) call = String(body.call);
      } catch {
        // no JSON body: the call cannot be tied to a run of the harness
      }
      const key = req.headers['idempotency-key'];
      calls.push({ call, key: typeof key === 'string' && key ? key : undefined, at: Date.now() });
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ received: call ?? null })), delayMs);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    host: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}
