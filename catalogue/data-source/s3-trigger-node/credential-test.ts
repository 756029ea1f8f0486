/**
 * @module catalogue/data-source/s3-trigger-node/credential-test — an S3 key pair (spec 001 §2 POST /api/testCreds/s3):
 * ListBuckets at the store (service URL `s3`, the credential's region) through the outbound
 * client; the store's refusal carries its own code and words.
 */
import { listBuckets, s3Client, s3Error } from './s3-client.ts';
import { s3CredentialOf } from './s3-credential.ts';
import type { CredentialTest } from '../../credential-test.ts';

export const testS3: CredentialTest = async (fields, ctx) => {
  const client = s3Client(s3CredentialOf(fields), { http: ctx.http, serviceUrl: ctx.serviceUrl('s3'), signal: ctx.signal });
  try {
    const buckets = await listBuckets(client, ctx.signal).catch((error: unknown) => {
      throw s3Error('S3', error);
    });
    return `${buckets.length} bucket${buckets.length === 1 ? '' : 's'}${buckets.length ? `: ${buckets.slice(0, 10).join(', ')}` : ''}`;
  } finally {
    client.destroy();
  }
};
