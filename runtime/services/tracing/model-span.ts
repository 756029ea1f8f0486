/**
 * @module runtime/services/tracing/model-span — a span for one model call of the gateway
 * (runtime/services/models/gateway.ts), after the OpenTelemetry GenAI conventions: the
 * operation, `gen_ai.system` (the provider), the model asked for, the token usage, and the
 * call's cost in US dollars as weft's own `weft.gen_ai.cost`. A fallback model's call is a span of its own.
 */
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { UsageMeta } from '../../../catalogue/services/models.ts';
import { tracer } from './tracer.ts';

export type ModelOperation = 'chat' | 'embeddings' | 'image_generation';

export function modelSpan<T extends { meta: UsageMeta }>(operation: ModelOperation, provider: string, model: string, call: () => Promise<T>): Promise<T> {
  const attributes = { 'gen_ai.operation.name': operation, 'gen_ai.system': provider, 'gen_ai.request.model': model };
  return tracer().startActiveSpan(`${operation} ${model}`, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    try {
      const reply = await call();
      const { meta } = reply;
      span.setAttributes({
        'gen_ai.response.model': meta.model_name,
        'gen_ai.usage.input_tokens': meta.prompt_tokens,
        'gen_ai.usage.output_tokens': meta.completion_tokens,
        'weft.gen_ai.cost': meta.total_cost,
      });
      return reply;
    } catch (error) {
      const kind = (error as { kind?: unknown } | null)?.kind;
      span.setAttribute('error.type', typeof kind === 'string' ? kind : error instanceof Error ? error.name : 'unexpected');
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}
