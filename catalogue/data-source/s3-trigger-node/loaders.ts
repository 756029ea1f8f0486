/**
 * @module catalogue/data-source/s3-trigger-node/loaders — the S3 source's bucket dropdown (spec
 * 001 §7: GET /api/s3/listBuckets): the buckets the key pair reaches (ListBuckets), from the
 * saved credential `input.credentials` names, or from the credential's fields given as they are
 * (`awsAccessKeyId`, `awsSecretAccessKey`, `awsRegion`: a form not saved yet). Anything missing
 * or refused: an empty list.
 */
import type { OptionLoader } from '../../option-loaders.ts';
import { listBuckets, s3Client } from './s3-client.ts';
import { s3CredentialOf } from './s3-credential.ts';

export const s3ListBuckets: OptionLoader = async (input, ctx) => {
  try {
    const name = typeof input.credentials === 'string' ? input.credentials.trim() : '';
    const fields = name ? await ctx.credentials.get(name) : input;
    const client = s3Client(s3CredentialOf(fields), { http: ctx.http, serviceUrl: ctx.serviceUrl('s3') });
    try {
      return (await listBuckets(client)).map((bucket) => ({ label: bucket, value: bucket }));
    } finally {
      client.destroy();
    }
  } catch {
    return [];
  }
};
