/**
 * @module runtime/integrations/tool-service/table-webhooks — the table database's own webhooks (Airtable's
 * webhooks API) for flows whose trigger is `tableDatabaseTriggerNode`. Deploying creates one at
 * `POST {airtable}/bases/{baseId}/webhooks` whose notificationUrl is this server's
 * `/hooks/table-database/{flowId}` (WEFT_PUBLIC_URL), or refreshes the stored one when base and
 * table are unchanged; undeploying deletes it. Airtable's ping is checked the way Airtable signs
 * it (`X-Airtable-Content-MAC: hmac-sha256=<hex HMAC-SHA256 of the body under the webhook's
 * base64 macSecret>`) and answered at once; then the changes since the stored cursor are read
 * (`GET …/webhooks/{id}/payloads?cursor=`) and the flow runs through the production-call path.
 * Needs a credential with a personal access token (Airtable's webhooks are the base owner's).
 * Key: `{prefix}table-webhook:{flowId}` → {webhookId, macSecretBase64, baseId, tableId, credential, projectId, cursor}.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import type Redis from 'ioredis';
import { providerRequest } from '../../../catalogue/app/tool-service/direct.ts';
import type { ServiceUrls } from '../../../catalogue/service-urls.ts';
import type { FlowDocument } from '../../../contract/flow-document.ts';
import type { ProductionCalls } from '../../core/calls/production-call.ts';
import { asDeployRefusal, deployRefusal, type DeploymentHooks } from '../../services/flows/deployments.ts';
import { HttpError } from '../errors.ts';
import type { Outbound } from '../../services/outbound/client.ts';
import type { CredentialStore } from '../../services/stores/credentials.ts';
import type { VersionContent } from '../../services/stores/flow-versions.ts';

interface TableWebhook {
  webhookId: string;
  macSecretBase64: string;
  baseId: string;
  tableId: string;
  credential: string;
  projectId: string;
  cursor: number;
}

export interface TableWebhookDeps {
  redis: Redis;
  prefix: string;
  outbound: Outbound;
  serviceUrls: Pick<ServiceUrls, 'airtable'>;
  credentials: Pick<CredentialStore, 'reveal'>;
  publicUrl?: string;
  calls: Pick<ProductionCalls, 'call'>;
}

const refused = deployRefusal('trigger_subscription_failed');
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Airtable's signature of a notification: hmac-sha256= and the hex HMAC of the body under the base64-decoded secret */
export function airtableMac(macSecretBase64: string, body: string): string {
  return `hmac-sha256=${createHmac('sha256', Buffer.from(macSecretBase64, 'base64')).update(body).digest('hex')}`;
}

export class TableWebhooks implements DeploymentHooks {
  constructor(private readonly deps: TableWebhookDeps) {}

  private key = (flowId: string) => `${this.deps.prefix}table-webhook:${flowId}`;

  private async stored(flowId: string): Promise<TableWebhook | null> {
    const found = await this.deps.redis.get(this.key(flowId));
    return found ? (JSON.parse(found) as TableWebhook) : null;
  }

  private access() {
    const binding = { idempotencyKey: `weft/table-webhook/${Date.now()}`, signal: () => new AbortController().signal };
    return { http: { request: (r: Parameters<Outbound['request']>[0]) => this.deps.outbound.request(r, binding) }, serviceUrl: () => this.deps.serviceUrls.airtable };
  }

  private async token(projectId: string, credential: string): Promise<string> {
    const found = await this.deps.credentials.reveal(projectId, credential).catch(() => null);
    const token = text(found?.credentials.apiToken);
    if (!found?.is_active || !token) throw refused(`the table database trigger needs a credential holding a personal access token (${credential} has none)`);
    return token;
  }

  private call(token: string, failure: string, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) {
    return providerRequest(this.access(), 'airtable', token, failure, { method, path, ...(body !== undefined ? { body } : {}) });
  }

  async deploying(flow: FlowDocument, content: VersionContent): Promise<void> {
    const trigger = content.nodes.find((node) => node.type === 'tableDatabaseTriggerNode');
    if (!trigger) return this.remove(flow.id);
    const values = trigger.values ?? {};
    const credential = text(values.credentials);
    const baseId = text(values.baseId);
    const tableId = text(values.tableIdOrName);
    const token = await this.token(flow.projectId, credential);
    const previous = await this.stored(flow.id);
    try {
      if (previous && previous.baseId === baseId && previous.tableId === tableId && previous.credential === credential) {
        await this.call(token, 'Failed to refresh the table database webhook', 'POST', `/bases/${encodeURIComponent(baseId)}/webhooks/${encodeURIComponent(previous.webhookId)}/refresh`);
        return;
      }
      if (!this.deps.publicUrl) throw refused('the table database trigger needs WEFT_PUBLIC_URL, the address Airtable calls this server at');
      const filters = { dataTypes: ['tableData'], ...(tableId ? { recordChangeScope: tableId } : {}) };
      const made = (await this.call(token, 'Failed to create the table database webhook', 'POST', `/bases/${encodeURIComponent(baseId)}/webhooks`, {
        notificationUrl: `${this.deps.publicUrl}/hooks/table-database/${flow.id}`,
        specification: { options: { filters } },
      })) as { id?: string; macSecretBase64?: string };
      if (!made.id || !made.macSecretBase64) throw refused('Airtable answered no webhook id or secret');
      const hook: TableWebhook = { webhookId: made.id, macSecretBase64: made.macSecretBase64, baseId, tableId, credential, projectId: flow.projectId, cursor: 1 };
      await this.deps.redis.set(this.key(flow.id), JSON.stringify(hook));
      if (previous) await this.deleteAt(previous).catch(() => undefined);
    } catch (error) {
      throw asDeployRefusal(refused, error);
    }
  }

  async stopped(flow: FlowDocument): Promise<void> {
    await this.remove(flow.id);
  }

  private async deleteAt(hook: TableWebhook): Promise<void> {
    const token = await this.token(hook.projectId, hook.credential);
    await this.call(token, 'Failed to delete the table database webhook', 'DELETE', `/bases/${encodeURIComponent(hook.baseId)}/webhooks/${encodeURIComponent(hook.webhookId)}`);
  }

  async remove(flowId: string): Promise<void> {
    const previous = await this.stored(flowId);
    if (!previous) return;
    await this.deleteAt(previous).catch((error: unknown) => console.warn(`weft: could not delete the table database webhook of flow ${flowId}: ${(error as Error).message}`));
    await this.deps.redis.del(this.key(flowId));
  }

  /** Read the changes since the stored cursor and run the flow with them. */
  private async deliver(flowId: string, hook: TableWebhook, timestamp: unknown): Promise<void> {
    const token = await this.token(hook.projectId, hook.credential);
    const payloads: unknown[] = [];
    let cursor = hook.cursor;
    for (let page = 0; page < 10; page++) {
      const answer = (await this.call(token, 'Failed to read the table database changes', 'GET', `/bases/${encodeURIComponent(hook.baseId)}/webhooks/${encodeURIComponent(hook.webhookId)}/payloads?cursor=${cursor}`)) as { payloads?: unknown[]; cursor?: number; mightHaveMore?: boolean };
      payloads.push(...(answer.payloads ?? []));
      if (typeof answer.cursor === 'number') cursor = answer.cursor;
      if (!answer.mightHaveMore) break;
    }
    await this.deps.redis.set(this.key(flowId), JSON.stringify({ ...hook, cursor }));
    if (payloads.length === 0) return;
    const input = { webhookId: hook.webhookId, baseId: hook.baseId, timestamp: typeof timestamp === 'string' ? timestamp : new Date().toISOString(), payloads };
    await this.deps.calls.call({
      flowId,
      policy: { door: 'app', access: { by: 'project', projectId: hook.projectId }, waitMs: 0, late: 'follow' },
      input: () => input,
      request: { method: 'POST', path: `/hooks/table-database/${flowId}`, body: { webhookId: hook.webhookId, payloads: payloads.length } },
    });
  }

  router(): Router {
    const router = new Router();
    router.post('/hooks/table-database/:flowId', async (ctx) => {
      const { flowId } = ctx.params;
      const hook = await this.stored(flowId);
      const raw = (ctx.request as { rawBody?: string }).rawBody ?? '';
      const expected = hook ? Buffer.from(airtableMac(hook.macSecretBase64, raw)) : null;
      const given = Buffer.from(ctx.get('x-airtable-content-mac'));
      if (!hook || !expected || given.length !== expected.length || !timingSafeEqual(given, expected)) throw new HttpError(401, 'invalid_signature', 'Invalid webhook signature');
      const body = (ctx.request.body ?? {}) as { timestamp?: unknown };
      void this.deliver(flowId, hook, body.timestamp).catch((error: unknown) => console.warn(`weft: table database change of flow ${flowId} did not start a run: ${(error as Error).message}`));
      ctx.status = 200;
      ctx.body = { status: 'accepted' };
    });
    return router;
  }
}
