/**
 * @module runtime/services/tracing/sdk — the one place the OpenTelemetry SDK is registered
 * (docs/operations.md#traces): a tracer provider exporting over OTLP/HTTP (protobuf) in
 * batches, W3C trace context as the propagator, async-local context. The exporter, the batch
 * processor and the sampler read the standard OTEL_* variables themselves; the resource is
 * `service.name` weft (OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES win) and the process's role.
 * A process has one registration: every weft started in it while traces are on shares it, and
 * the last one closed flushes and removes it.
 */
import { context, propagation, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

export interface Tracing {
  /** export what is still buffered and, for the last weft of the process, unregister the SDK */
  close(): Promise<void>;
}

let registered: { provider: NodeTracerProvider; users: number } | undefined;

export function startTracing(role: string): Tracing {
  if (!registered) {
    const resource = resourceFromAttributes({ [ATTR_SERVICE_NAME]: 'weft', 'weft.role': role }).merge(detectResources({ detectors: [envDetector] }));
    const provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] });
    provider.register({ propagator: new W3CTraceContextPropagator() });
    registered = { provider, users: 0 };
  }
  const own = registered;
  own.users++;
  let closed = false;
  return {
    async close() {
      if (closed) return;
      closed = true;
      if (--own.users > 0) return own.provider.forceFlush();
      registered = undefined;
      await own.provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}
