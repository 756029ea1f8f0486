/**
 * @module runtime/integrations/n8n-import/map-triggers — n8n's triggers as the closest weft trigger. weft has
 * no manual or schedule trigger: a flow runs when it is called, so those become the Webhook
 * (the studio's Run button calls it the same way); a schedule is reported, as weft cannot keep it.
 */
import type { NodeMapper } from './mapper-types.ts';

const webhookValues = (name: string, webhookId = '') => ({ nodeName: name, webhookId, public: false });

export const webhookTrigger: NodeMapper = {
  trigger: true,
  map(ctx) {
    const { parameters } = ctx.node;
    // n8n's webhook answers GET unless told otherwise
    const method = String(parameters.httpMethod ?? 'GET');
    if (method !== 'POST') ctx.problem(`n8n answered ${method} requests; weft's webhook takes POST /hook/<flow id>`, 'webhookId');
    const auth = parameters.authentication;
    if (typeof auth === 'string' && auth !== 'none') {
      ctx.problem(`the n8n webhook checked ${auth}; weft's webhook takes an API key of the project (Authorization: Bearer <key>)`, 'public');
    }
    return { type: 'webhookTriggerNode', values: webhookValues(ctx.node.name, ctx.text(parameters.path, 'webhookId')) };
  },
  // n8n hands on {headers, params, query, body}; weft's webhook output is the body itself
  json: (path) => (path[0] === 'body' ? { path: path.slice(1) } : null),
  codeItem: (output) => `{ body: ${output}, headers: {}, params: {}, query: {} }`,
};

/** Manual trigger, and the trigger of a workflow another one executes: weft's webhook (Execute Flow passes its input as the body). */
export const callTrigger: NodeMapper = {
  trigger: true,
  map: (ctx) => ({ type: 'webhookTriggerNode', values: webhookValues(ctx.node.name) }),
};

export const scheduleTrigger: NodeMapper = {
  trigger: true,
  map(ctx) {
    ctx.problem('weft has no schedule trigger: the flow now starts when its webhook is called (call it from a scheduler such as cron)');
    return { type: 'webhookTriggerNode', values: webhookValues(ctx.node.name) };
  },
  // the schedule's date fields do not exist in a call
  json: () => null,
};

export const chatTrigger: NodeMapper = {
  trigger: true,
  map: (ctx) => ({ type: 'chatTriggerNode', values: { nodeName: ctx.node.name } }),
  json(path) {
    const renamed: Record<string, string> = { chatInput: 'chatMessage', sessionId: 'sessionId' };
    const first = renamed[path[0] ?? ''];
    return first ? { path: [first, ...path.slice(1)] } : null;
  },
  codeItem: (output) => `{ chatInput: ${output}?.chatMessage, sessionId: ${output}?.sessionId }`,
};
