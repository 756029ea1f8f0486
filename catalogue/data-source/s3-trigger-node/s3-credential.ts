/**
 * @module catalogue/data-source/s3-trigger-node/s3-credential — an `s3` credential's fields
 * (credential-form.ts: awsAccessKeyId, awsSecretAccessKey, awsRegion) read
 * with spec 001 §8's texts, and the endpoint its store is reached at (service URL `s3`).
 */
import { userError } from '../../errors.ts';

export interface S3Credential {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** spec 001 §5: the credentials must contain region, access key id and secret access key */
export function s3CredentialOf(fields: unknown): S3Credential {
  if (!fields || typeof fields !== 'object' || Array.isArray(fields) || Object.keys(fields).length === 0) {
    throw userError('Invalid or Missing AWS S3 credentials');
  }
  const record = fields as Record<string, unknown>;
  const region = text(record.awsRegion);
  if (!region) throw userError('AWS Region is not found in credentials');
  const accessKeyId = text(record.awsAccessKeyId);
  if (!accessKeyId) throw userError('AWS Access Key ID is not found in credentials');
  const secretAccessKey = text(record.awsSecretAccessKey);
  if (!secretAccessKey) throw userError('AWS Secret Access Key is not found in credentials');
  return { accessKeyId, secretAccessKey, region };
}

/**
 * The store's endpoint: the service URL with `{region}` replaced (AWS, addressed virtual-host
 * style), or an S3-compatible store's own address (addressed path-style: MinIO, s3rver).
 */
export function s3EndpointOf(serviceUrl: string, region: string): { endpoint: string; forcePathStyle: boolean } {
  const endpoint = serviceUrl.replaceAll('{region}', encodeURIComponent(region));
  return { endpoint, forcePathStyle: !serviceUrl.includes('{region}') };
}
