/**
 * @module runtime/core/calls/admission — whether a caller may call a flow in production: the flow
 * is active, the caller passes its door's access check, and the flow's trigger is one that
 * door starts. Production runs a deployed version, never the draft: the newest one, or the
 * version the caller names (`/hook/:flowId@:version`, GraphQL `version`). Each way in (webhook,
 * GraphQL, the widgets, MCP; app events and schedules
 * later) is a door: a row of `doors` and an access policy its route passes in.
 */
import { TOOL_SERVICE_TRIGGERS } from '../../../catalogue/app/tool-service/trigger-table.ts';
import { INPUT_TRIGGERS } from '../../../catalogue/trigger-input.ts';
import { readProjectKey } from '../../services/auth/api-key-check.ts';
import { NotFoundError, ForbiddenError, ValidationError } from '../../services/domain-errors.ts';
import type { CompiledFlow } from '../../services/flows/compile.ts';
import type { FlowRef, RunServices } from '../run-services.ts';
import type { ApiKeyStore } from '../../services/stores/api-keys.ts';
import { versionNotFound } from '../../services/stores/flow-versions.ts';
import { sourceNodeTypes } from '../../services/sync-sources/index.ts';
import { originAllowed } from './widget-origins.ts';

/** A way in; also the log record's `trigger`. */
export type CallDoor = 'webhook' | 'graphql' | 'chat' | 'search' | 'mcp' | 'teams' | 'app' | 'sync';

/** The trigger nodes each door starts, and how a refusal names the door. */
export const doors: Record<CallDoor, { triggerTypes: readonly string[]; startedBy: string }> = {
  // an n8n workflow calls its flow's URL like any webhook caller, with the project's API key
  webhook: { triggerTypes: ['webhookTriggerNode', 'automationTriggerNode'], startedBy: 'a webhook' },
  graphql: { triggerTypes: ['graphqlTriggerNode'], startedBy: 'the GraphQL trigger' },
  chat: { triggerTypes: ['chatTriggerNode'], startedBy: 'a chat widget' },
  search: { triggerTypes: ['searchTriggerNode'], startedBy: 'a search widget' },
  // every flow whose trigger takes an input is an MCP tool (runtime/integrations/mcp/)
  mcp: { triggerTypes: INPUT_TRIGGERS, startedBy: 'an MCP tool call' },
  // the Bot Framework's calls to a Teams bot (runtime/integrations/teams/)
  teams: { triggerTypes: ['teamsTriggerNode'], startedBy: 'a Teams bot message' },
  // app triggers: the service that fires them calls weft (runtime/http/routes/tool-service-webhook.ts, table-webhooks.ts)
  app: { triggerTypes: [...TOOL_SERVICE_TRIGGERS, 'tableDatabaseTriggerNode'], startedBy: 'an app event' },
  // data-source triggers: their sync jobs run the flow for each batch (runtime/integrations/sync/); the types are the registered readers'
  sync: {
    get triggerTypes() {
      return sourceNodeTypes();
    },
    startedBy: 'a sync job',
  },
};

/**
 * Who is calling, as the route knows it:
 * - `apiKey`: the Authorization header as sent; it must hold a live API key of the flow's
 *   project, unless the flow's webhook trigger is marked public (webhook);
 * - `project`: a project the caller has proved already (GraphQL checks the key of `x-project-id`
 *   per request); another project's flow does not exist for this caller;
 * - `origin`: the page's Origin header ('' when absent), checked against the trigger's
 *   `domains` (widgets: public by nature);
 * - `signed`: a service calling as its documentation says (the Bot Framework's signed token):
 *   `verify` checks the call against the flow's deployed trigger and throws UnauthorizedError.
 */
export type CallAccess =
  | { by: 'apiKey'; authorization: string | undefined }
  | { by: 'project'; projectId: string }
  | { by: 'origin'; origin: string }
  | { by: 'signed'; verify(flow: FlowRef, trigger: CompiledFlow['trigger']): Promise<void> };

/** A flow a caller may call: the stored flow and the deployed version it runs, compiled. */
export interface AdmittedFlow {
  flow: FlowRef;
  compiled: CompiledFlow;
  /** the deployed version the call runs */
  version: number;
}

export interface AdmissionDeps {
  services: Pick<RunServices, 'activeFlow' | 'deployed'>;
  apiKeys: Pick<ApiKeyStore, 'live' | 'confirm'>;
}

/** A webhook trigger the builder switched to public (the field's default is off). */
const isPublicWebhook = (compiled: CompiledFlow) => doors.webhook.triggerTypes.includes(compiled.trigger.type) && compiled.trigger.values?.public === true;

/**
 * The flow when `access` may call it through `door`, with the deployed version it runs
 * (`version`, else the newest); otherwise a domain error: NotFoundError 'Workflow not found'
 * (unknown, inactive or another project's) or naming a version the flow does not have,
 * UnauthorizedError (API key), ValidationError 'wrong_trigger', ForbiddenError
 * 'origin_not_allowed'. Identity comes before the trigger's kind and the version, so a caller
 * without a key learns nothing of the flow.
 */
export async function admit(deps: AdmissionDeps, door: CallDoor, flowId: string, access: CallAccess, version?: number): Promise<AdmittedFlow> {
  // the key is read while the flow is: checked below, once the flow's project is known
  const keyCheck = access.by === 'apiKey' ? readProjectKey(deps.apiKeys, access.authorization) : undefined;
  const flow = await deps.services.activeFlow(flowId);
  const newest = await deps.services.deployed(flow);
  if (!newest) throw new NotFoundError('Workflow not found');
  const compiled = version === undefined ? newest : await deps.services.deployed(flow, version);
  if (access.by === 'project' && flow.projectId !== access.projectId) throw new NotFoundError('Workflow not found');
  // a named version's own trigger says whether it is public; an unknown one needs a key as the newest does
  if (access.by === 'apiKey' && !(door === 'webhook' && isPublicWebhook(compiled ?? newest))) {
    await keyCheck!(flow.projectId);
  }
  if (access.by === 'signed') await access.verify(flow, (compiled ?? newest).trigger);
  if (!compiled) throw versionNotFound(flow.id, version!, flow.deployedVersion!);
  const { triggerTypes, startedBy } = doors[door];
  if (!triggerTypes.includes(compiled.trigger.type)) {
    throw new ValidationError(`Flow ${flow.id} is not started by ${startedBy} (its trigger is ${compiled.trigger.type})`, 'wrong_trigger');
  }
  if (access.by === 'origin' && !originAllowed(compiled.trigger.values?.domains, access.origin)) {
    throw new ForbiddenError(
      `This website (${access.origin || 'unknown origin'}) is not allowed to use this ${door} widget`,
      'origin_not_allowed',
    );
  }
  return { flow, compiled, version: compiled.plan.deployedVersion! };
}
