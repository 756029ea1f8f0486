/**
 * @module actors/trace-context — the trace a run's spans join (docs/operations.md#traces). The
 * engine uses the OpenTelemetry API only: until the runtime registers the SDK every call here is
 * a no-op and a run stores no trace context. With it, a run started inside a span (the call's,
 * or the activation that starts a child run) joins that span's trace; one started outside any
 * (a schedule, a sync) gets a root span of its own. The text is stored with the run's meta, so
 * an activation in any process joins the same trace.
 */
import { context, propagation, trace } from '@opentelemetry/api';

/** The `traceparent` of the span a new run joins, or undefined while no SDK is registered. */
export function runTraceparent(runId: string, flowId: string): string | undefined {
  // no propagator registered (traces off): nothing to store, and no span made for nothing
  if (propagation.fields().length === 0) return undefined;
  let active = context.active();
  if (!trace.getSpanContext(active)) {
    // the tracer asked for now: one taken before the SDK was registered stays a no-op
    const span = trace.getTracer('weft-engine').startSpan('weft.run', { root: true, attributes: { 'weft.run.id': runId, 'weft.flow.id': flowId } });
    span.end();
    if (!trace.isSpanContextValid(span.spanContext())) return undefined;
    active = trace.setSpan(active, span);
  }
  const carrier: Record<string, string> = {};
  propagation.inject(active, carrier);
  return carrier.traceparent;
}

/** The context a stored `traceparent` names (the active one when there is none). */
export function contextOf(traceparent: string | undefined) {
  if (!traceparent) return context.active();
  return propagation.extract(context.active(), { traceparent });
}
