/**
 * @module runtime/integrations/n8n-import/map-http — HTTP Request (weft API Request) and Respond to Webhook
 * (weft API Response). n8n's key/value rows become JSON objects, query rows join the URL, a
 * body spelled `{{ JSON.stringify($json) }}` becomes the whole input as data.
 */
import { OUTBOUND_LIMITS } from '../../../catalogue/outbound.ts';
import { weftTemplate } from './expressions.ts';
import { field, rows, type MapContext, type NodeMapper } from './mapper-types.ts';

/** `[{name, value}]` rows as one object of translated values. */
function keyValues(ctx: MapContext, raw: unknown, fieldName: string): Record<string, unknown> {
  return Object.fromEntries(rows(raw).filter((r) => typeof r.name === 'string' && r.name).map((r) => [r.name as string, ctx.value(r.value ?? '', fieldName)]));
}

/** JSON text as weft keeps it: translated templates; spliced-in values (`"n": {{ … }}`) are reported, as weft fills templates inside JSON strings. */
function jsonText(ctx: MapContext, raw: unknown, fieldName: string): string {
  const text = ctx.text(raw, fieldName).trim();
  if (!text || /^\{\{[^{}]*\}\}$/.test(text)) return text;
  const filled = text.replace(/"[^"\\]*(?:\\.[^"\\]*)*"|\{\{[^{}]*\}\}/g, (m) => (m.startsWith('"') ? m : '0'));
  try {
    JSON.parse(text);
  } catch {
    let spliced = false;
    try {
      JSON.parse(filled);
      spliced = true;
    } catch {
      // not JSON at all
    }
    ctx.problem(spliced ? 'the JSON splices values in unquoted ({{ … }} outside a string); weft fills templates inside JSON strings, or a whole field' : 'is not valid JSON', fieldName);
  }
  return text;
}

const V1_AUTH: Record<string, string> = { headerAuth: 'httpHeaderAuth', basicAuth: 'httpBasicAuth', digestAuth: 'httpDigestAuth', oAuth1: 'oAuth1Api', oAuth2: 'oAuth2Api' };

function credentialOf(ctx: MapContext): string | undefined {
  const { parameters, typeVersion } = ctx.node;
  const auth = String(parameters.authentication ?? 'none');
  if (auth === 'none') return undefined;
  const kind = typeVersion >= 3 ? (auth === 'genericCredentialType' ? String(parameters.genericAuthType ?? '') : String(parameters.nodeCredentialType ?? auth)) : (V1_AUTH[auth] ?? auth);
  if (kind !== 'httpHeaderAuth') ctx.problem(`n8n authenticated with ${kind}; weft's API Request adds the header of an “HTTP header” credential`, 'credentials');
  return ctx.credential('credentials', 'HTTP header');
}

export const httpRequest: NodeMapper = {
  map(ctx) {
    const p = ctx.node.parameters;
    const v3 = ctx.node.typeVersion >= 3;
    const method = String((v3 ? p.method : p.requestMethod) ?? 'GET').toUpperCase();
    let url = ctx.text(p.url, 'url');
    const query = v3 ? (p.sendQuery === true ? (p.specifyQuery === 'json' ? null : keyValues(ctx, field(p.queryParameters, 'parameters'), 'url')) : {}) : p.jsonParameters === true ? null : keyValues(ctx, field(p.queryParametersUi, 'parameter'), 'url');
    if (query === null) ctx.problem('the query was given as JSON; add its parameters to the URL', 'url');
    else if (Object.keys(query).length) url += (url.includes('?') ? '&' : '?') + Object.entries(query).map(([k, v]) => `${encodeURIComponent(k)}=${String(v)}`).join('&');
    const values: Record<string, unknown> = { url, method };
    const headers = v3
      ? p.sendHeaders === true ? (p.specifyHeaders === 'json' ? jsonText(ctx, p.jsonHeaders, 'headers') : JSON.stringify(keyValues(ctx, field(p.headerParameters, 'parameters'), 'headers'))) : ''
      : p.jsonParameters === true ? jsonText(ctx, p.headerParametersJson, 'headers') : JSON.stringify(keyValues(ctx, field(p.headerParametersUi, 'parameter'), 'headers'));
    if (headers && headers !== '{}') values.headers = headers;
    const credential = credentialOf(ctx);
    if (credential) values.credentials = credential;
    const sendsBody = v3 ? p.sendBody === true : !['GET', 'HEAD'].includes(method);
    if (sendsBody) {
      const contentType = String(p.contentType ?? 'json');
      if (contentType !== 'json' && (v3 || p.jsonParameters !== true)) ctx.problem(`n8n sent the body as ${contentType}; weft's API Request sends JSON`, 'body');
      const body = v3
        ? p.specifyBody === 'json' ? jsonText(ctx, p.jsonBody, 'body') : JSON.stringify(keyValues(ctx, field(p.bodyParameters, 'parameters'), 'body'))
        : p.jsonParameters === true ? jsonText(ctx, p.bodyParametersJson, 'body') : JSON.stringify(keyValues(ctx, field(p.bodyParametersUi, 'parameter'), 'body'));
      if (body) values.body = body;
    }
    const timeout = Number(field(p.options, 'timeout'));
    if (timeout > 0) {
      const { minValue, maxValue } = OUTBOUND_LIMITS.timeoutSeconds;
      values.timeout = Math.min(Math.max(Math.ceil(timeout / 1000), minValue), maxValue);
    }
    if (field(p.options, 'pagination') !== undefined) ctx.problem('n8n paginated the requests; weft makes one request (loop with a For Loop)', 'url');
    return { type: 'apiNode', values };
  },
};

/** Respond to Webhook: weft answers with the API Response's mapping, an object of named keys. */
export const respondToWebhook: NodeMapper = {
  passThrough: true,
  map(ctx) {
    const p = ctx.node.parameters;
    const respondWith = String(p.respondWith ?? 'firstIncomingItem');
    const code = field(p.options, 'responseCode');
    if (code !== undefined && Number(code) !== 200) ctx.problem(`n8n answered with status ${String(code)}; weft's API Response answers 200`, 'outputMapping');
    const wrapped = (key: string, value: unknown, what: string) => {
      ctx.problem(`n8n answered ${what}; weft answers an object of named keys, so the answer is now {"${key}": …}`, 'outputMapping');
      return { type: 'apiResponseNode', values: { outputMapping: [{ key, value }] } };
    };
    if (respondWith === 'json') {
      const text = ctx.text(p.responseBody, 'outputMapping').trim();
      try {
        const data = JSON.parse(text) as unknown;
        if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
          const outputMapping = Object.entries(data).map(([key, value]) => ({ key, value: typeof value === 'string' ? value : JSON.stringify(value) }));
          return { type: 'apiResponseNode', values: { outputMapping } };
        }
      } catch {
        // a whole template, or JSON with spliced values: answered under one key
      }
      return wrapped('data', text, 'this JSON');
    }
    if (respondWith === 'text') return wrapped('text', ctx.text(p.responseBody, 'outputMapping'), 'with text');
    if (respondWith === 'firstIncomingItem' || respondWith === 'allIncomingItems') {
      const input = ctx.input();
      return wrapped('data', input ? weftTemplate(input) : '', 'with the incoming item');
    }
    return wrapped('ok', 'true', respondWith === 'noData' ? 'with no data' : `with ${respondWith}`);
  },
};
