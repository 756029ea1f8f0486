/**
 * @module catalogue/response/chat-response-node/reference-metadata — the chat response's call to
 * the metadata service per reference URL (spec 000 §7): POST `{ url }` to the service
 * (`ctx.serviceUrl('referenceMetadata')`, WEFT_SERVICE_URL_REFERENCE_METADATA), whose answer,
 * a JSON object, is the page's metadata. A reference the service cannot describe stays as it
 * was given and the failure is reported as 'Failed to process reference' progress: a reference
 * never fails the chat.
 */
import type { ChatReference } from '../../../contract/chat.ts';
import { isPlainObject } from '../../coerce.ts';
import type { NodeContext } from '../../types.ts';
import { REFERENCE_FAILED } from './definition.ts';

const METADATA_TIMEOUT_SECONDS = 10;

/** The references with the service's metadata; as given when no service is configured. */
export async function withMetadata(references: ChatReference[], ctx: NodeContext): Promise<ChatReference[]> {
  const service = ctx.serviceUrl('referenceMetadata');
  if (!service || references.length === 0) return references;
  return Promise.all(references.map((reference) => describe(service, reference, ctx)));
}

async function describe(service: string, reference: ChatReference, ctx: NodeContext): Promise<ChatReference> {
  try {
    const response = await ctx.http.request({
      url: service,
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ url: reference.url }),
      timeoutSeconds: METADATA_TIMEOUT_SECONDS,
    });
    if (!response.ok) throw new Error(`status ${response.status} ${response.statusText}`.trim());
    const metadata = parsed(response.text());
    // a title the flow gave wins; a bare URL takes the page's own
    const title = reference.title === reference.url && typeof metadata.title === 'string' && metadata.title.trim() ? metadata.title.trim() : reference.title;
    return { ...reference, title, metadata };
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(`[weft] ${REFERENCE_FAILED} ${reference.url} (${ctx.runId}/${ctx.nodeId}): ${reason}`);
    await ctx.progress(`${REFERENCE_FAILED} ${reference.url}: ${reason}`).catch(() => undefined);
    return reference;
  }
}

function parsed(text: string): Record<string, unknown> {
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    throw new Error('the answer is not JSON');
  }
  if (!isPlainObject(answer)) throw new Error('the answer is not a JSON object');
  return answer;
}
