/**
 * @module catalogue/app/crawl/credential-test — the crawl service's key: GET
 * `{hostUrl or serviceUrl('crawlService')}/v1/team/credit-usage` with `Authorization: Bearer
 * <key>` (its documented read of the team's remaining credits; spends none).
 */
import { refusal, type CredentialTest } from '../../credential-test.ts';

export const testCrawlService: CredentialTest = async (fields, ctx) => {
  const apiKey = typeof fields.apiKey === 'string' ? fields.apiKey.trim() : '';
  if (!apiKey) throw new Error('The crawl service credential has no API key');
  const host = typeof fields.hostUrl === 'string' && fields.hostUrl.trim() ? fields.hostUrl.trim().replace(/\/+$/, '') : ctx.serviceUrl('crawlService');
  const response = await ctx.http.request({
    url: `${host}/v1/team/credit-usage`,
    headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json' },
    signal: ctx.signal,
  });
  if (!response.ok) throw refusal(response);
  const answer = JSON.parse(response.text()) as { success?: unknown; error?: unknown; data?: { remaining_credits?: unknown } };
  if (answer.success === false) throw new Error(typeof answer.error === 'string' ? answer.error : 'The crawl service refused the key');
  const credits = answer.data?.remaining_credits;
  return typeof credits === 'number' ? `${credits} credits left` : undefined;
};
