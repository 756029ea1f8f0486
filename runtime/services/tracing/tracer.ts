/**
 * @module runtime/services/tracing/tracer — the runtime's tracer, a no-op until the SDK is
 * registered (./sdk.ts). Asked for at each use, never kept: a tracer taken before the SDK is
 * registered (or before it was registered again) would stay a no-op.
 */
import { trace, type Tracer } from '@opentelemetry/api';

export const tracer = (): Tracer => trace.getTracer('weft');
