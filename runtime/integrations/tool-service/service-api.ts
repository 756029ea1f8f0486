/**
 * @module runtime/integrations/tool-service/service-api — the tool-execution service's account and trigger
 * endpoints weft itself calls (spec 002 §7): connected accounts (create, read) and trigger
 * instances (upsert, enable by id, delete by id). Calls go through the outbound client (address
 * policy, timeouts) with the operator's key as `x-api-key`; failures are NodeErrors whose message
 * starts with the caller's text.
 */
import { randomUUID } from 'node:crypto';
import { toolServiceRequest, type ToolServiceAccess } from '../../../catalogue/app/tool-service/client.ts';
import type { Outbound } from '../../services/outbound/client.ts';

export interface ToolServiceApiDeps {
  outbound: Outbound;
  /** the service's base URL (serviceUrls.toolService) */
  baseUrl: string;
  apiKey?: string;
}

export class ToolServiceApi {
  constructor(private readonly deps: ToolServiceApiDeps) {}

  get configured(): boolean {
    return Boolean(this.deps.apiKey);
  }

  private access(): ToolServiceAccess {
    const binding = { idempotencyKey: `weft/${randomUUID()}`, signal: () => new AbortController().signal };
    return { http: { request: (request) => this.deps.outbound.request(request, binding) }, serviceUrl: () => this.deps.baseUrl, toolServiceKey: this.deps.apiKey };
  }

  /** POST connected_accounts: the new account's id and the authorisation URL the builder is sent to */
  async createConnection(authConfigId: string, userId: string, callbackUrl: string): Promise<{ id: string; redirectUrl: string }> {
    const failure = 'Failed to start the connection';
    const reply = (await toolServiceRequest(this.access(), failure, 'connected_accounts', {
      method: 'POST',
      body: { auth_config: { id: authConfigId }, connection: { user_id: userId, callback_url: callbackUrl } },
    })) as { id?: unknown; redirect_url?: unknown; redirect_uri?: unknown } | null;
    const redirectUrl = reply?.redirect_url ?? reply?.redirect_uri;
    if (typeof reply?.id !== 'string' || typeof redirectUrl !== 'string') throw new Error(`${failure}: the service answered no redirect_url`);
    return { id: reply.id, redirectUrl };
  }

  /** GET connected_accounts?connected_account_ids={id}: the account (items[0]), or null */
  async connectedAccount(id: string): Promise<Record<string, unknown> | null> {
    const reply = (await toolServiceRequest(this.access(), 'Failed to read the connected account', `connected_accounts?connected_account_ids=${encodeURIComponent(id)}`)) as { items?: unknown[] } | null;
    const item = reply?.items?.[0];
    return item && typeof item === 'object' ? (item as Record<string, unknown>) : null;
  }

  /** POST trigger_instances/{slug}/upsert: the trigger's id */
  async upsertTrigger(slug: string, connectedAccountId: string, triggerConfig: Record<string, unknown>): Promise<string> {
    const failure = `Failed to create the ${slug} trigger`;
    const reply = (await toolServiceRequest(this.access(), failure, `trigger_instances/${encodeURIComponent(slug)}/upsert`, {
      method: 'POST',
      body: { connected_account_id: connectedAccountId, trigger_config: triggerConfig },
    })) as { trigger_id?: unknown } | null;
    if (typeof reply?.trigger_id !== 'string') throw new Error(`${failure}: the service answered no trigger_id`);
    return reply.trigger_id;
  }

  /** PATCH trigger_instances/manage/{id}: the stored trigger, enabled again (an update that keeps its id) */
  async enableTrigger(triggerId: string): Promise<void> {
    await toolServiceRequest(this.access(), 'Failed to update the trigger', `trigger_instances/manage/${encodeURIComponent(triggerId)}`, { method: 'PATCH', body: { status: 'enable' } });
  }

  /** DELETE trigger_instances/manage/{id} */
  async deleteTrigger(triggerId: string): Promise<void> {
    await toolServiceRequest(this.access(), 'Failed to delete the trigger', `trigger_instances/manage/${encodeURIComponent(triggerId)}`, { method: 'DELETE' });
  }
}
