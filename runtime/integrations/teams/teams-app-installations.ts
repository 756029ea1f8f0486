/**
 * @module runtime/integrations/teams/teams-app-installations — the bot's Teams app in the chat or team a
 * deployed Teams trigger listens to (spec 002 §7 "Team messaging via graph API": installedApps).
 * Deploying a flow whose Teams trigger names a group chat (`chatId`) or a team (`teamId`) and
 * the app's catalog id (`teamsAppId`, published to the tenant's catalog by its admin) installs
 * the app there as the trigger's credential's user:
 *   GET  {graph}/{chats|teams}/{id}/installedApps?$expand=teamsApp — already there: nothing to do;
 *   POST {graph}/{chats|teams}/{id}/installedApps {"teamsApp@odata.bind": "{graph}/appCatalogs/teamsApps/{appId}"}
 *   (Graph answers 201 without a body: the installation's id is read back with the GET).
 * Stopping the flow (or deploying it with another chat, team or app) DELETEs the installation
 * weft made — never one that was there before. A Graph refusal refuses the deploy (400) with
 * 'Graph API error: {status} {text}'.
 *
 * Key: `{prefix}teams-app:{flowId}` → JSON {scope, targetId, appId, installationId, credential, projectId}.
 */
import type Redis from 'ioredis';
import { graphCall, graphList, type GraphAccess } from '../../../catalogue/app/teams-node/graph.ts';
import { graphTokenOf, teamsCredentialOf } from '../../../catalogue/app/teams-node/teams-credential.ts';
import type { ServiceUrls } from '../../../catalogue/service-urls.ts';
import type { FlowDocument } from '../../../contract/flow-document.ts';
import { NotFoundError } from '../../services/domain-errors.ts';
import { asDeployRefusal, deployRefusal, type DeploymentHooks } from '../../services/flows/deployments.ts';
import type { Outbound } from '../../services/outbound/client.ts';
import type { CredentialStore, RevealedCredential } from '../../services/stores/credentials.ts';
import type { VersionContent } from '../../services/stores/flow-versions.ts';

interface Target {
  scope: 'chats' | 'teams';
  targetId: string;
  appId: string;
  credential: string;
}

interface Installation extends Target {
  installationId: string;
  projectId: string;
}

export interface TeamsAppInstallationDeps {
  redis: Redis;
  prefix: string;
  outbound: Outbound;
  serviceUrls: Pick<ServiceUrls, 'graph'>;
  credentials: Pick<CredentialStore, 'reveal'>;
  /** the credential's fields with a fresh access token (runtime/integrations/oauth/refresh.ts); default: as stored */
  fresh?: (credential: RevealedCredential) => Promise<Record<string, unknown>>;
}

const refused = deployRefusal('teams_app_install_failed');
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Where a Teams trigger's app belongs: a group chat with its chatId, a team with its teamId; none without an app id. */
export function installTargetOf(values: Record<string, unknown>): Target | null {
  const appId = text(values.teamsAppId);
  const credential = text(values.credentials);
  if (!appId) return null;
  if (values.conversationType === 'groupChat' && text(values.chatId)) return { scope: 'chats', targetId: text(values.chatId), appId, credential };
  if (values.conversationType === 'channel' && text(values.teamId)) return { scope: 'teams', targetId: text(values.teamId), appId, credential };
  return null;
}

const sameTarget = (a: Target, b: Target) => a.scope === b.scope && a.targetId === b.targetId && a.appId === b.appId;

export class TeamsAppInstallations implements DeploymentHooks {
  constructor(private readonly deps: TeamsAppInstallationDeps) {}

  private key = (flowId: string) => `${this.deps.prefix}teams-app:${flowId}`;

  async stored(flowId: string): Promise<Installation | null> {
    const found = await this.deps.redis.get(this.key(flowId));
    return found ? (JSON.parse(found) as Installation) : null;
  }

  private async graph(projectId: string, credential: string): Promise<GraphAccess> {
    const found = await this.deps.credentials.reveal(projectId, credential).catch((error: unknown) => {
      throw error instanceof NotFoundError ? refused(`No credentials found for ${credential}`) : error;
    });
    const fields = this.deps.fresh ? await this.deps.fresh(found) : found.credentials;
    const token = graphTokenOf(teamsCredentialOf(fields));
    const binding = { idempotencyKey: `weft/teams-app/${Date.now()}`, signal: () => new AbortController().signal };
    return { http: { request: (request) => this.deps.outbound.request(request, binding) }, base: this.deps.serviceUrls.graph, token };
  }

  /** the installation of the app in the chat or team, if any */
  private async installed(graph: GraphAccess, target: Target): Promise<string | null> {
    const apps = await graphList(graph, `/${target.scope}/${encodeURIComponent(target.targetId)}/installedApps?$expand=teamsApp`);
    const found = apps.find((app) => (app.teamsApp as { id?: unknown } | undefined)?.id === target.appId);
    return typeof found?.id === 'string' ? found.id : null;
  }

  /** a stopped flow's installation goes */
  async stopped(flow: FlowDocument): Promise<void> {
    await this.remove(flow.id);
  }

  async deploying(flow: FlowDocument, content: VersionContent): Promise<void> {
    const trigger = content.nodes.find((node) => node.type === 'teamsTriggerNode');
    const target = trigger ? installTargetOf(trigger.values ?? {}) : null;
    const previous = await this.stored(flow.id);
    if (!target) return this.remove(flow.id);
    try {
      const graph = await this.graph(flow.projectId, target.credential);
      const there = await this.installed(graph, target);
      const sameAsBefore = previous !== null && sameTarget(previous, target);
      if (sameAsBefore && there === previous.installationId) return;
      // the same place without weft's installation (removed in Teams): only the record goes
      if (sameAsBefore) await this.deps.redis.del(this.key(flow.id));
      // there before weft installed it: the builder's (or an admin's), left alone when the flow stops
      if (there) return await this.remove(flow.id);
      const path = `/${target.scope}/${encodeURIComponent(target.targetId)}/installedApps`;
      await graphCall(graph, 'POST', path, { 'teamsApp@odata.bind': `${graph.base}/appCatalogs/teamsApps/${encodeURIComponent(target.appId)}` });
      const installationId = await this.installed(graph, target);
      if (!installationId) throw refused(`Microsoft Graph does not list the installed app ${target.appId}`);
      // the one installed before, elsewhere, goes once the new one is there
      await this.remove(flow.id);
      const installation: Installation = { ...target, installationId, projectId: flow.projectId };
      await this.deps.redis.set(this.key(flow.id), JSON.stringify(installation));
    } catch (error) {
      throw asDeployRefusal(refused, error);
    }
  }

  /** Uninstall what weft installed for the flow (a refusal is logged; the flow stops anyway). */
  async remove(flowId: string): Promise<void> {
    const previous = await this.stored(flowId);
    if (!previous) return;
    try {
      const graph = await this.graph(previous.projectId, previous.credential);
      await graphCall(graph, 'DELETE', `/${previous.scope}/${encodeURIComponent(previous.targetId)}/installedApps/${encodeURIComponent(previous.installationId)}`);
    } catch (error) {
      console.warn(`weft: could not uninstall the Teams app ${previous.appId} of flow ${flowId}: ${(error as Error).message}`);
    }
    await this.deps.redis.del(this.key(flowId));
  }
}
