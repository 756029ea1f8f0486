/**
 * @module runtime/services/tracing/outbound-span — a client span for one outbound exchange
 * (runtime/services/outbound/client.ts), redirects included, with the HTTP client attributes:
 * method, server address and port, the answer's status. The URL is recorded without its query
 * and only through the actor's redactor (the secrets its node read masked); a call without one
 * (the model gateway's) records the server only. The trace context goes out as `traceparent`.
 */
import { context, propagation, SpanKind, SpanStatusCode, type Span } from '@opentelemetry/api';
import { tracer } from './tracer.ts';

export interface OutboundTarget {
  method: string;
  url: URL;
  /** masks the secrets the calling node read (catalogue/node-step.ts) */
  redact?: (text: string) => string;
}

/** Run `work` inside the exchange's span, given the headers with the trace context added; `work` ends the span (`answered`, `failed`). */
export function outboundSpan<T>({ method, url, redact }: OutboundTarget, headers: Record<string, string>, work: (span: OutboundSpan, headers: Record<string, string>) => Promise<T>): Promise<T> {
  const attributes = {
    'http.request.method': method,
    'server.address': url.hostname.replace(/^\[|\]$/g, ''),
    'server.port': Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    'url.scheme': url.protocol.slice(0, -1),
    ...(redact ? { 'url.full': redact(`${url.origin}${url.pathname}`) } : {}),
  };
  return tracer().startActiveSpan(method, { kind: SpanKind.CLIENT, attributes }, (span) => {
    const sent = { ...headers };
    propagation.inject(context.active(), sent);
    return work(new OutboundSpan(span), sent);
  });
}

export class OutboundSpan {
  constructor(private readonly span: Span) {}

  answered(status: number): void {
    this.span.setAttribute('http.response.status_code', status);
    if (status >= 400) {
      this.span.setAttribute('error.type', String(status));
      this.span.setStatus({ code: SpanStatusCode.ERROR });
    }
  }

  end(): void {
    this.span.end();
  }

  failed(error: unknown): void {
    const kind = (error as { kind?: unknown } | null)?.kind;
    this.span.setAttribute('error.type', typeof kind === 'string' ? kind : error instanceof Error ? error.name : 'unexpected');
    this.span.setStatus({ code: SpanStatusCode.ERROR });
    this.span.end();
  }
}
