/**
 * @module catalogue/app/crawl/webhook — an async crawl's events, in the crawl service's v1
 * webhook shape: `{ success, type: 'crawl.started' | 'crawl.page' | 'crawl.completed' |
 * 'crawl.failed' (batch_scrape.* for batch scrapes), id, data, metadata, error? }`, sent only for
 * the events the node chose. The webhook is a URL (POST as JSON with the node's headers, through
 * `ctx.http`) or a flow of the project: `flow:<flowId>`, a bare flow id, or this weft's own hook
 * URL `{weft}/hook/<flowId>`, called in-process through the production-call path (`ctx.services.hooks`).
 * A failed delivery never stops the crawl; it is logged once (the node has answered by then, so
 * it is not a progress event of the run).
 */
import type { NodeContext } from '../../types.ts';
import type { PageDocument, WebhookSpec } from './types.ts';

export type JobKind = 'crawl' | 'batch_scrape';
export type EventName = 'started' | 'page' | 'completed' | 'failed';

export interface WebhookEvent {
  success: boolean;
  type: string;
  id: string;
  data: PageDocument[];
  metadata: Record<string, unknown>;
  error?: string;
}

/** The flow a webhook names, or undefined when it is a URL elsewhere. */
export function webhookFlow(webhook: string, weftUrl: string): string | undefined {
  const text = webhook.trim();
  if (text.startsWith('flow:')) return text.slice(5).trim() || undefined;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(text)) return /^[\w-]+$/.test(text) ? text : undefined;
  const own = `${weftUrl.replace(/\/+$/, '')}/hook/`;
  if (text.startsWith(own)) return decodeURIComponent(text.slice(own.length).split(/[?#/]/)[0]!) || undefined;
  return undefined;
}

/** The URL a crawl service calls for this webhook (a flow's hook URL on this weft). */
export function webhookUrl(webhook: string, weftUrl: string): string {
  const flow = webhookFlow(webhook, weftUrl);
  return flow ? `${weftUrl.replace(/\/+$/, '')}/hook/${encodeURIComponent(flow)}` : webhook.trim();
}

export class WebhookSender {
  private warned = false;

  constructor(
    private readonly ctx: Pick<NodeContext<'hooks'>, 'http' | 'services' | 'serviceUrl'>,
    private readonly webhook: WebhookSpec,
    private readonly kind: JobKind,
    private readonly id: string,
  ) {}

  async send(event: EventName, data: PageDocument[] = [], error?: string): Promise<void> {
    if (!this.webhook.events.includes(event)) return;
    const body: WebhookEvent = {
      success: event !== 'failed',
      type: `${this.kind}.${event}`,
      id: this.id,
      data,
      metadata: this.webhook.metadata,
      ...(error ? { error } : {}),
    };
    try {
      await this.deliver(body);
    } catch (failure) {
      if (this.warned) return;
      this.warned = true;
      const reason = failure instanceof Error ? failure.message : String(failure);
      console.warn(`[weft crawl ${this.id}] failed to send the ${body.type} event to the webhook: ${reason}`);
    }
  }

  private async deliver(body: WebhookEvent): Promise<void> {
    const flow = webhookFlow(this.webhook.url, this.ctx.serviceUrl('weft'));
    if (flow) {
      // a process without the service (a worker) throws here: warned below, as a failed delivery
      await this.ctx.services.hooks.call(flow, body);
      return;
    }
    const response = await this.ctx.http.request({
      url: this.webhook.url,
      method: 'POST',
      headers: { ...this.webhook.headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`.trim());
  }
}
