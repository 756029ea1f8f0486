/**
 * @module runtime/integrations/tool-service/trigger-subscriptions — the tool-execution service's trigger
 * subscriptions of deployed flows (spec 002 §4: create, update, delete; update reuses the stored
 * trigger id). Deploying a flow whose trigger is an app trigger served by the service (On New
 * Email, the notes workspace events: catalogue/app/tool-service/trigger-table.ts) subscribes:
 * the same trigger, account and config as stored → the stored trigger id is enabled again;
 * otherwise the service's upsert makes it and a replaced one is deleted. Stopping the flow (or
 * deploying it with another trigger) deletes it.
 *
 * Keys: `{prefix}tool-trigger:flow:{flowId}` → JSON {triggerId, slug, connectedAccountId, config,
 * projectId}; `{prefix}tool-trigger:id:{triggerId}` → flowId (the webhook route's lookup).
 */
import type Redis from 'ioredis';
import { triggerSetupOf } from '../../../catalogue/app/tool-service/trigger-table.ts';
import type { FlowDocument } from '../../../contract/flow-document.ts';
import { NotFoundError } from '../../services/domain-errors.ts';
import { asDeployRefusal, deployRefusal, type DeploymentHooks } from '../../services/flows/deployments.ts';
import type { VersionContent } from '../../services/stores/flow-versions.ts';
import type { CredentialStore } from '../../services/stores/credentials.ts';
import type { ToolServiceApi } from './service-api.ts';

export interface TriggerSubscription {
  triggerId: string;
  slug: string;
  connectedAccountId: string;
  config: Record<string, unknown>;
  projectId: string;
}

export interface TriggerSubscriptionDeps {
  redis: Redis;
  prefix: string;
  api: ToolServiceApi;
  credentials: Pick<CredentialStore, 'reveal'>;
}

const refused = deployRefusal('trigger_subscription_failed');

export class TriggerSubscriptions implements DeploymentHooks {
  constructor(private readonly deps: TriggerSubscriptionDeps) {}

  private flowKey = (flowId: string) => `${this.deps.prefix}tool-trigger:flow:${flowId}`;
  private idKey = (triggerId: string) => `${this.deps.prefix}tool-trigger:id:${triggerId}`;

  async stored(flowId: string): Promise<TriggerSubscription | null> {
    const text = await this.deps.redis.get(this.flowKey(flowId));
    return text ? (JSON.parse(text) as TriggerSubscription) : null;
  }

  /** the flow a trigger id belongs to, with its subscription (the webhook route) */
  async byTriggerId(triggerId: string): Promise<{ flowId: string; subscription: TriggerSubscription } | null> {
    const flowId = await this.deps.redis.get(this.idKey(triggerId));
    const subscription = flowId ? await this.stored(flowId) : null;
    return flowId && subscription?.triggerId === triggerId ? { flowId, subscription } : null;
  }

  async deploying(flow: FlowDocument, content: VersionContent): Promise<void> {
    const trigger = content.nodes.map((node) => ({ node, setup: triggerSetupOf(node.type, node.values ?? {}) })).find((t) => t.setup);
    if (!trigger?.setup) return this.remove(flow.id);
    const { node, setup } = trigger;
    if (!this.deps.api.configured) throw refused(`its trigger ${node.id} needs the tool-execution service, which this server is not configured for (WEFT_TOOL_SERVICE_API_KEY)`);
    const name = typeof node.values?.credentials === 'string' ? node.values.credentials : '';
    const account = await this.accountOf(flow.projectId, name, node.id);
    const previous = await this.stored(flow.id);
    const same = previous && previous.slug === setup.slug && previous.connectedAccountId === account && JSON.stringify(previous.config) === JSON.stringify(setup.config);
    try {
      // the stored trigger, enabled again; one the service no longer has is made anew below
      if (same && (await this.deps.api.enableTrigger(previous.triggerId).then(() => true, () => false))) return;
      const triggerId = await this.deps.api.upsertTrigger(setup.slug, account, setup.config);
      const subscription: TriggerSubscription = { triggerId, slug: setup.slug, connectedAccountId: account, config: setup.config, projectId: flow.projectId };
      const write = this.deps.redis.multi().set(this.flowKey(flow.id), JSON.stringify(subscription)).set(this.idKey(triggerId), flow.id);
      if (previous && previous.triggerId !== triggerId) write.del(this.idKey(previous.triggerId));
      await write.exec();
      if (previous && previous.triggerId !== triggerId) await this.deps.api.deleteTrigger(previous.triggerId).catch(() => undefined);
    } catch (error) {
      throw asDeployRefusal(refused, error);
    }
  }

  async stopped(flow: FlowDocument): Promise<void> {
    await this.remove(flow.id);
  }

  /** delete the flow's subscription at the service and here (a service that refuses is logged; the flow stops anyway) */
  async remove(flowId: string): Promise<void> {
    const previous = await this.stored(flowId);
    if (!previous) return;
    await this.deps.api.deleteTrigger(previous.triggerId).catch((error: unknown) => {
      console.warn(`weft: could not delete trigger ${previous.triggerId} of flow ${flowId} at the tool-execution service: ${(error as Error).message}`);
    });
    await this.deps.redis.multi().del(this.flowKey(flowId)).del(this.idKey(previous.triggerId)).exec();
  }

  private async accountOf(projectId: string, name: string, nodeId: string): Promise<string> {
    const credential = await this.deps.credentials.reveal(projectId, name).catch((error: unknown) => {
      throw error instanceof NotFoundError ? refused(`No credentials found for ${name} (trigger ${nodeId})`) : error;
    });
    const account = credential.credentials.composioId ?? credential.credentials.connected_account_id;
    if (!credential.is_active || typeof account !== 'string' || !account) {
      throw refused(`the credential ${name} of trigger ${nodeId} is not connected through the tool-execution service (Connect it on the credentials page)`);
    }
    return account;
  }
}
