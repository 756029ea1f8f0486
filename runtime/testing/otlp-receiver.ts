/**
 * @module runtime/testing/otlp-receiver — a loopback OTLP/HTTP trace receiver for tests: it
 * decodes each `POST /v1/traces` (application/x-protobuf) with the official OTLP definitions
 * (runtime/testing/otlp-proto/, from opentelemetry-proto, read by protobufjs), answers an
 * empty ExportTraceServiceResponse, and keeps every span with its resource's attributes.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import protobuf from 'protobufjs';

const protoDir = join(import.meta.dirname, 'otlp-proto');

function otlpRoot(): protobuf.Root {
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => join(protoDir, target);
  return root.loadSync('opentelemetry/proto/collector/trace/v1/trace_service.proto', { keepCase: false });
}

export type AttributeValue = string | number | boolean | AttributeValue[] | undefined;

export interface ReceivedSpan {
  name: string;
  traceId: string;
  spanId: string;
  /** '' for a root span */
  parentSpanId: string;
  /** SPAN_KIND_SERVER, SPAN_KIND_CLIENT, SPAN_KIND_INTERNAL… */
  kind: string;
  attributes: Record<string, AttributeValue>;
  /** STATUS_CODE_UNSET, STATUS_CODE_OK, STATUS_CODE_ERROR, and its message */
  status: { code: string; message: string };
  events: { name: string; attributes: Record<string, AttributeValue> }[];
  resource: Record<string, AttributeValue>;
  scope: string;
}

export interface OtlpReceiver {
  /** the OTEL_EXPORTER_OTLP_ENDPOINT: http://127.0.0.1:<port> (the exporter posts to /v1/traces) */
  url: string;
  spans: ReceivedSpan[];
  /** the request paths and content types received */
  requests: { path: string; contentType: string }[];
  close(): Promise<void>;
}

interface AnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string;
  doubleValue?: number;
  arrayValue?: { values?: AnyValue[] };
  bytesValue?: string;
}
interface KeyValue {
  key: string;
  value?: AnyValue;
}

function valueOf(value: AnyValue | undefined): AttributeValue {
  if (!value) return undefined;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(valueOf);
  return value.bytesValue;
}

const attributesOf = (list: KeyValue[] | undefined) => Object.fromEntries((list ?? []).map((kv) => [kv.key, valueOf(kv.value)]));
const hex = (base64: string | undefined) => Buffer.from(base64 ?? '', 'base64').toString('hex');

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const root = otlpRoot();
  const request = root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest');
  const response = root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse');
  const spans: ReceivedSpan[] = [];
  const requests: OtlpReceiver['requests'] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({ path: req.url ?? '', contentType: String(req.headers['content-type'] ?? '') });
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      const decoded = request.toObject(request.decode(Buffer.concat(chunks)), { enums: String, longs: String, bytes: String, defaults: false }) as {
        resourceSpans?: { resource?: { attributes?: KeyValue[] }; scopeSpans?: { scope?: { name?: string }; spans?: Record<string, unknown>[] }[] }[];
      };
      for (const resourceSpans of decoded.resourceSpans ?? []) {
        const resource = attributesOf(resourceSpans.resource?.attributes);
        for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
          for (const span of scopeSpans.spans ?? []) {
            const status = (span.status ?? {}) as { code?: string; message?: string };
            spans.push({
              name: String(span.name),
              traceId: hex(span.traceId as string),
              spanId: hex(span.spanId as string),
              parentSpanId: hex(span.parentSpanId as string | undefined),
              kind: String(span.kind ?? 'SPAN_KIND_UNSPECIFIED'),
              attributes: attributesOf(span.attributes as KeyValue[] | undefined),
              status: { code: status.code ?? 'STATUS_CODE_UNSET', message: status.message ?? '' },
              events: ((span.events ?? []) as { name: string; attributes?: KeyValue[] }[]).map((e) => ({ name: e.name, attributes: attributesOf(e.attributes) })),
              resource,
              scope: scopeSpans.scope?.name ?? '',
            });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end(Buffer.from(response.encode(response.create({})).finish()));
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    requests,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
