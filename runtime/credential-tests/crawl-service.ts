/**
 * @module runtime/credential-tests/crawl-service — a `crawlService` credential works when the
 * crawl service answers its account's credit usage (`GET {hostUrl}/v1/team/credit-usage`, the
 * v1 API, bearer key) with success; else the service's own error (or its status) is thrown.
 */
import type { CredentialTest } from './credential-test.ts';

export const testCrawlService: CredentialTest = async (fields, ctx) => {
  const key = typeof fields.apiKey === 'string' ? fields.apiKey : '';
  if (!key) throw new Error('API key is required');
  const host = typeof fields.hostUrl === 'string' && fields.hostUrl.trim() ? fields.hostUrl.trim() : ctx.serviceUrl('crawlService');
  const response = await ctx.http.request({ url: `${host.replace(/\/+$/, '')}/v1/team/credit-usage`, method: 'GET', headers: { authorization: `Bearer ${key}` } });
  let answer: { success?: boolean; error?: unknown } = {};
  try {
    answer = JSON.parse(response.text());
  } catch {
    // not JSON: the status says it
  }
  if (!response.ok || answer.success === false) {
    throw new Error(typeof answer.error === 'string' && answer.error ? answer.error : `${response.status} ${response.statusText}`.trim());
  }
};
