/**
 * @module catalogue/app/slack-node/run — chat.postMessage through the Slack Web API
 * (`POST {slack}/chat.postMessage`, `Authorization: Bearer <access_token>`, a JSON body). Slack
 * answers 200 with `{ok: false, error}` when it refuses: that is a user error carrying Slack's
 * code, except its passing faults (internal_error…), which are operational. A rate limit (429,
 * or `ratelimited`) is waited out as Slack's Retry-After says, at most twice and 30 s a time
 * (spec 002 §9's retry delay cap); then it fails as an operational error naming the wait.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { defineNode } from '../../define-node.ts';
import { isNodeError, NodeError, operationalError, userError } from '../../errors.ts';
import { outboundError, statusError, type OutboundResponse } from '../../outbound.ts';
import { accessTokenOf } from '../access-token.ts';
import { definition } from './definition.ts';

export const SLACK_ERROR = 'Slack API error';
/** how often a rate-limited call is waited out and sent again */
const RATE_LIMIT_WAITS = 2;
/** the longest Retry-After waited out (spec 002 §9: retry delay capped at 30 s) */
const MAX_WAIT_SECONDS = 30;
/** Slack's error codes that are its own passing faults (https://api.slack.com/methods/chat.postMessage) */
const PASSING_CODES = new Set(['internal_error', 'fatal_error', 'service_unavailable', 'request_timeout']);

export default defineNode(definition, async (values, ctx) => {
  const token = accessTokenOf(await ctx.credentials.get(values.credentials));
  const request = {
    url: `${ctx.serviceUrl('slack')}/chat.postMessage`,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ channel: values.channel_name.trim(), text: values.text }),
  };
  for (let wait = 0; ; wait++) {
    const response = await ctx.http.request(request).catch((error: unknown) => {
      throw isNodeError(error) ? outboundError(SLACK_ERROR, error) : error;
    });
    const answer = bodyOf(response);
    const limited = response.status === 429 || answer?.error === 'ratelimited';
    if (limited) {
      const seconds = retryAfterOf(response);
      if (wait >= RATE_LIMIT_WAITS || seconds > MAX_WAIT_SECONDS) {
        throw operationalError(`${SLACK_ERROR}: ratelimited (Slack asks to retry after ${seconds} s)`);
      }
      await ctx.progress(`Slack limits the rate: waiting ${seconds} s before sending again`);
      await sleep(seconds * 1000, undefined, { signal: ctx.signal });
      continue;
    }
    if (!response.ok) throw statusError(SLACK_ERROR, response);
    if (!answer) throw operationalError(`${SLACK_ERROR}: the answer is not JSON`);
    if (answer.ok !== true) throw slackRefusal(answer.error);
    return { output: { ok: true, channel: answer.channel, ts: answer.ts, message: answer.message } };
  }
});

interface SlackAnswer {
  ok?: boolean;
  error?: string;
  channel?: string;
  ts?: string;
  message?: unknown;
}

function bodyOf(response: OutboundResponse): SlackAnswer | null {
  try {
    const parsed: unknown = JSON.parse(response.text());
    return parsed && typeof parsed === 'object' ? (parsed as SlackAnswer) : null;
  } catch {
    return null;
  }
}

/** Retry-After in seconds (Slack sends whole seconds); 1 when absent or unreadable */
function retryAfterOf(response: OutboundResponse): number {
  const seconds = Number(response.headers['retry-after']);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : 1;
}

function slackRefusal(code: unknown): NodeError {
  const text = typeof code === 'string' && code ? code : 'unknown_error';
  return PASSING_CODES.has(text) ? operationalError(`${SLACK_ERROR}: ${text}`) : userError(`${SLACK_ERROR}: ${text}`);
}
