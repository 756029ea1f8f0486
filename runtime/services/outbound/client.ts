/**
 * @module runtime/services/outbound/client — the one outbound HTTP client (catalogue/outbound.ts is its
 * contract): every call weft makes to another server on a node's behalf goes through here.
 * Per request: http(s) only, the address policy on every hop (redirects followed here, at most
 * MAX_REDIRECTS, each re-checked), the connect and total timeouts, the answer size limit and
 * the actor's `Idempotency-Key`. The model gateway's calls take the same path with their own
 * limits and a streamed body (runtime/services/outbound/fetch.ts).
 */
import { isIP } from 'node:net';
import { timeoutError, userError } from '../../../catalogue/errors.ts';
import {
  MAX_REDIRECTS,
  OUTBOUND_LIMITS,
  type OutboundClient,
  type OutboundRequest,
  type OutboundResponse,
} from '../../../catalogue/outbound.ts';
import { AllowList, refusedName, refusedReason } from './address-policy.ts';
import { readAll, refusedAddress, sendHop } from './one-hop.ts';
import { outboundSpan, type OutboundSpan } from '../tracing/outbound-span.ts';
import type { Readable } from 'node:stream';

export interface OutboundOptions {
  /** the operator's allow-list (WEFT_OUTBOUND_ALLOW); default: nothing beyond public addresses */
  allow?: AllowList;
}

/** The limits of one exchange, resolved. */
export interface ExchangeLimits {
  connectTimeoutMs: number;
  /** the whole exchange, redirects and the answer's body included */
  totalTimeoutMs: number;
  /** of the answer's body after decompression */
  maxResponseBytes: number;
}

export interface Exchange {
  url: string;
  /** default GET */
  method?: string;
  /** Accept-Encoding and User-Agent are added unless set here (any spelling) */
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** any of them cancels the exchange (the body's reading included) */
  signals: AbortSignal[];
  limits: ExchangeLimits;
  /** masks the secrets the calling node read, for the exchange's span (runtime/services/tracing/outbound-span.ts) */
  redact?: (text: string) => string;
}

/** An answer whose body is still to be read (decoded, held to the size limit). */
export type StreamedAnswer = Omit<OutboundResponse, 'body' | 'text'> & { body: Readable };

/** What ties a client to one actor: its idempotency key and its cancellation. */
export interface ActorBinding {
  /** `<runId>/<actor>`: sent as Idempotency-Key */
  idempotencyKey: string;
  /** the actor's current signal (read at each request: it is the run's cancellation) */
  signal(): AbortSignal;
  /** masks the secrets the actor's node read (its span's URL) */
  redact?: (text: string) => string;
}

export class Outbound {
  private readonly allow: AllowList;

  constructor(options: OutboundOptions = {}) {
    this.allow = options.allow ?? new AllowList();
  }

  /** The client one actor's executor sees as `ctx.http`. */
  forActor(actor: ActorBinding): OutboundClient {
    return { request: (request) => this.request(request, actor) };
  }

  async request(request: OutboundRequest, actor: ActorBinding): Promise<OutboundResponse> {
    const limits: ExchangeLimits = {
      connectTimeoutMs: bounded('Connect timeout', request.connectTimeoutSeconds, OUTBOUND_LIMITS.connectTimeoutSeconds) * 1000,
      totalTimeoutMs: bounded('Timeout', request.timeoutSeconds, OUTBOUND_LIMITS.timeoutSeconds) * 1000,
      maxResponseBytes: bounded('Maximum response size', request.maxResponseMB, OUTBOUND_LIMITS.maxResponseMB) * 1024 * 1024,
    };
    const answer = await this.exchange({
      url: request.url,
      method: request.method,
      headers: withDefaults(request.headers ?? {}, { 'idempotency-key': actor.idempotencyKey }),
      body: request.body,
      signals: [actor.signal(), ...(request.signal ? [request.signal] : [])],
      limits,
      redact: actor.redact,
    });
    const body = await readAll(answer.body);
    return { ...answer, body, text: () => Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8') };
  }

  /**
   * One exchange under the policy, redirects followed and re-checked, its answer's body a
   * stream: the total timeout runs until that body is read or destroyed (whoever calls this
   * must do one or the other). `request` reads it whole; runtime/services/outbound/fetch.ts hands it on.
   * Its span ends when that body is closed.
   */
  async exchange(spec: Exchange): Promise<StreamedAnswer> {
    const url = parseUrl(spec.url);
    const method = (spec.method ?? 'GET').toUpperCase();
    return outboundSpan({ method, url, redact: spec.redact }, withDefaults(spec.headers, {}), async (span, headers) => {
      try {
        const answer = await this.follow(spec, url, method, headers, span);
        answer.body.once('close', () => span.end());
        return answer;
      } catch (error) {
        span.failed(error);
        throw error;
      }
    });
  }

  private async follow(spec: Exchange, first: URL, firstMethod: string, firstHeaders: Record<string, string>, span: OutboundSpan): Promise<StreamedAnswer> {
    let url = first;
    let method = firstMethod;
    let body = spec.body;
    let headers = firstHeaders;
    const total = new AbortController();
    const seconds = spec.limits.totalTimeoutMs / 1000;
    const timer = setTimeout(() => total.abort(timeoutError(`No answer within ${seconds} s`)), spec.limits.totalTimeoutMs);
    const signal = AbortSignal.any([...spec.signals, total.signal]);
    try {
      for (let hop = 0; ; hop++) {
        this.checkHost(url);
        const answer = await sendHop({
          url,
          method,
          headers,
          body,
          signal,
          connectTimeoutMs: spec.limits.connectTimeoutMs,
          maxResponseBytes: spec.limits.maxResponseBytes,
          refusal: (address) => this.refusal(url, address),
        });
        const location = answer.headers.location;
        if (!isRedirect(answer.status) || !location) {
          span.answered(answer.status);
          answer.body.once('close', () => clearTimeout(timer));
          const { status, statusText, headers: answerHeaders } = answer;
          return { status, statusText, ok: status >= 200 && status < 300, headers: answerHeaders, url: url.href, body: answer.body };
        }
        answer.body.destroy();
        if (hop >= MAX_REDIRECTS) throw userError(`Too many redirects (more than ${MAX_REDIRECTS})`);
        const next = parseUrl(new URL(location, url).href);
        // As fetch does: 303 (and 301/302 after a POST) turn into a GET without a body;
        // credentials stay with the origin they were meant for.
        if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === 'POST')) {
          if (method !== 'HEAD') method = 'GET';
          body = undefined;
          headers = without(headers, ['content-type', 'content-length']);
        }
        if (next.origin !== url.origin) headers = without(headers, ['authorization', 'cookie', 'proxy-authorization']);
        url = next;
      }
    } catch (error) {
      clearTimeout(timer);
      throw error;
    }
  }

  /** IP literals never reach a lookup: they are checked here, like names of metadata services. */
  private checkHost(url: URL): void {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host)) {
      const reason = this.refusal(url, host);
      if (reason) throw refusedAddress(host, host, reason);
      return;
    }
    const reason = refusedName(host);
    if (reason && !this.allow.allowsName(host, portOf(url))) throw refusedAddress(host, '', reason);
  }

  private refusal(url: URL, address: string): string | null {
    const reason = refusedReason(address);
    if (reason === null || this.allow.allows(url.hostname, portOf(url), address)) return null;
    return reason;
  }
}

function parseUrl(text: string): URL {
  const trimmed = text.trim();
  if (!URL.canParse(trimmed)) throw userError(`Invalid URL ${trimmed}`);
  const url = new URL(trimmed);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw userError(`Invalid URL ${trimmed}: only http and https are allowed`);
  return url;
}

const portOf = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

function bounded(label: string, value: number | undefined, limits: { defaultValue: number; minValue: number; maxValue: number }): number {
  if (value === undefined) return limits.defaultValue;
  if (!Number.isFinite(value) || value < limits.minValue || value > limits.maxValue) {
    throw userError(`${label} must be between ${limits.minValue} and ${limits.maxValue}`);
  }
  return value;
}

/** The client's headers (and `extra`), each replaced by one the request sets under any spelling. */
function withDefaults(given: Record<string, string>, extra: Record<string, string>): Record<string, string> {
  const names = new Set(Object.keys(given).map((h) => h.toLowerCase()));
  const defaults: Record<string, string> = { ...extra, 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'weft' };
  for (const name of names) delete defaults[name];
  return { ...defaults, ...given };
}

function without(headers: Record<string, string>, names: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !names.includes(name.toLowerCase())));
}

const isRedirect = (status: number) => status === 301 || status === 302 || status === 303 || status === 307 || status === 308;
