/**
 * @module runtime/services/tracing/activation-spans — a span for every activation an executor
 * runs, in the trace its run stored (actors/trace-context.ts), whichever process runs it: the
 * node's type and id, the actor, the attempt, how it ended and, when it threw, the error's kind.
 * The executor runs inside the span, so its outbound and model calls (and child runs) are its
 * children. Error texts reach the span already redacted (catalogue/node-step.ts).
 */
import { SpanStatusCode, trace } from '@opentelemetry/api';
import type { ExecuteFn } from '../../../actors/engine-types.ts';
import { contextOf } from '../../../actors/trace-context.ts';
import type { NodeResult } from '../../../actors/types.ts';
import { tracer } from './tracer.ts';

function statusOf(result: NodeResult): string {
  if (result.awaitRun) return 'suspended';
  if (result.delayMs) return 'delayed';
  return 'completed';
}

export function activationSpans(execute: ExecuteFn): ExecuteFn {
  return (activation) => {
    const { node, meta } = activation;
    const parent = contextOf(meta.traceparent);
    // no trace stored with the run: nothing to join (traces were off when it started)
    if (!trace.getSpanContext(parent)) return execute(activation);
    const attributes = {
      'weft.node.type': node.type,
      'weft.node.id': node.id,
      'weft.actor': activation.actor,
      'weft.attempt': activation.attempt,
      'weft.run.id': activation.runId,
      'weft.flow.id': meta.flowId,
      'weft.run.mode': meta.mode,
    };
    return tracer().startActiveSpan(`activation ${node.type}`, { attributes }, parent, async (span) => {
      try {
        const result = await execute(activation);
        span.setAttribute('weft.status', statusOf(result));
        return result;
      } catch (error) {
        const kind = (error as { kind?: unknown } | null)?.kind;
        const errorKind = typeof kind === 'string' ? kind : 'unexpected';
        span.setAttributes({ 'weft.status': 'failed', 'weft.error.kind': errorKind, 'error.type': errorKind });
        span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
        throw error;
      } finally {
        span.end();
      }
    });
  };
}

