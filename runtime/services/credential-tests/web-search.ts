/**
 * @module runtime/services/credential-tests/web-search — the web search service's key (spec 002 names
 * no service; weft's is the one at serviceUrl('webSearch'), a search API for AI agents):
 * GET `{webSearch}/usage` with `Authorization: Bearer <key>`, its documented read of the key's
 * usage, which spends no search credit.
 */
import { refusal, type CredentialTest } from '../../../catalogue/credential-test.ts';

export const testWebSearch: CredentialTest = async (fields, ctx) => {
  const apiKey = typeof fields.apiKey === 'string' ? fields.apiKey.trim() : '';
  if (!apiKey) throw new Error('The web search credential has no API key');
  const response = await ctx.http.request({
    url: `${ctx.serviceUrl('webSearch')}/usage`,
    headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json' },
    signal: ctx.signal,
  });
  if (!response.ok) throw refusal(response);
};
