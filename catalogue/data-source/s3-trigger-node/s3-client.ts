/**
 * @module catalogue/data-source/s3-trigger-node/s3-client — the AWS SDK's S3 client with every
 * request sent through weft's outbound client (`ctx.http`: the address policy on every hop, its
 * timeouts and size limit), explicit credentials (the SDK never looks for others: no
 * environment, profile or instance metadata) and one attempt per call (the sync engine retries).
 * Its calls: the buckets, one page of a bucket's objects, an object's bytes, a presigned GET.
 */
import { Readable } from 'node:stream';
import { GetObjectCommand, ListBucketsCommand, ListObjectsV2Command, S3Client, S3ServiceException, type S3ClientConfig } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { NodeError, isNodeError, kindOfStatus, userError } from '../../errors.ts';
import { OUTBOUND_LIMITS, type OutboundClient } from '../../outbound.ts';
import { s3EndpointOf, type S3Credential } from './s3-credential.ts';

/** spec 001 §9: a presigned GET URL is valid 1800 s */
export const PRESIGNED_URL_SECONDS = 1800;

export interface S3Access {
  http: OutboundClient;
  /** `serviceUrl('s3')` */
  serviceUrl: string;
  signal?: AbortSignal;
}

type RequestHandler = NonNullable<S3ClientConfig['requestHandler']>;
interface SdkRequest {
  method: string;
  protocol: string;
  hostname: string;
  port?: number;
  path: string;
  query?: Record<string, string | string[] | null>;
  headers: Record<string, string>;
  body?: unknown;
}

export function s3Client(credential: S3Credential, access: S3Access): S3Client {
  const { endpoint, forcePathStyle } = s3EndpointOf(access.serviceUrl, credential.region);
  return new S3Client({
    region: credential.region,
    endpoint,
    forcePathStyle,
    credentials: { accessKeyId: credential.accessKeyId, secretAccessKey: credential.secretAccessKey },
    maxAttempts: 1,
    // never 'auto' from AWS_DEFAULTS_MODE: that would ask the instance metadata service where it runs
    defaultsMode: 'standard',
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: outboundHandler(access),
  });
}

/** The SDK's HTTP handler over weft's outbound client. */
function outboundHandler(access: S3Access): RequestHandler {
  const handler = {
    metadata: { handlerProtocol: 'http/1.1' },
    async handle(request: SdkRequest) {
      if (request.body !== undefined && typeof request.body !== 'string' && !(request.body instanceof Uint8Array)) {
        throw userError('S3: streamed request bodies are not sent');
      }
      const port = request.port ? `:${request.port}` : '';
      const query = queryString(request.query ?? {});
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'host'));
      const response = await access.http.request({
        url: `${request.protocol}//${request.hostname}${port}${request.path}${query ? `?${query}` : ''}`,
        method: request.method,
        headers: { ...headers, 'accept-encoding': 'identity' },
        body: request.body as string | Uint8Array | undefined,
        signal: access.signal,
        maxResponseMB: OUTBOUND_LIMITS.maxResponseMB.maxValue,
      });
      const body = Readable.from([Buffer.from(response.body.buffer, response.body.byteOffset, response.body.byteLength)]);
      return { response: { statusCode: response.status, reason: response.statusText, headers: response.headers, body } };
    },
    updateHttpClientConfig() {},
    httpHandlerConfigs: () => ({}),
  };
  return handler as unknown as RequestHandler;
}

/** RFC 3986 encoding, as SigV4 signs it */
const encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function queryString(query: Record<string, string | string[] | null>): string {
  const parts: string[] = [];
  for (const key of Object.keys(query).sort()) {
    const value = query[key];
    if (value === null) parts.push(encode(key));
    else for (const one of Array.isArray(value) ? value : [value]) parts.push(`${encode(key)}=${encode(one)}`);
  }
  return parts.join('&');
}

/** A failed call as a node error: '<prefix>: <the store's code and message>', its kind by status. */
export function s3Error(prefix: string, error: unknown): unknown {
  if (isNodeError(error)) return new NodeError(`${prefix}: ${error.message}`, error.kind, { cause: error });
  if (error instanceof S3ServiceException) {
    const status = error.$metadata.httpStatusCode ?? 500;
    const said = error.message && error.message !== 'UnknownError' ? `${error.name}: ${error.message}` : `${error.name} (${status})`;
    return new NodeError(`${prefix}: ${said}`, kindOfStatus(status), { cause: error });
  }
  return error;
}

export async function listBuckets(client: S3Client, signal?: AbortSignal): Promise<string[]> {
  const answer = await client.send(new ListBucketsCommand({}), { abortSignal: signal });
  return (answer.Buckets ?? []).map((bucket) => bucket.Name ?? '').filter(Boolean);
}

export interface S3Object {
  key: string;
  lastModified: Date;
  etag: string;
  size: number;
}

/** One page of ListObjectsV2 and the token of the next (undefined: the last page). */
export async function listObjectsPage(client: S3Client, bucket: string, token: string | undefined, signal?: AbortSignal): Promise<{ objects: S3Object[]; next?: string }> {
  const answer = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token, MaxKeys: 1000 }), { abortSignal: signal });
  const objects = (answer.Contents ?? [])
    .filter((o) => o.Key && o.LastModified)
    .map((o) => ({ key: o.Key!, lastModified: o.LastModified!, etag: o.ETag ?? '', size: o.Size ?? 0 }));
  return { objects, next: answer.IsTruncated ? answer.NextContinuationToken : undefined };
}

/** spec 001 §5: the document step requires a document key; the object's bytes and a presigned GET URL (1800 s) */
export async function readObject(client: S3Client, bucket: string, key: string, signal?: AbortSignal): Promise<{ bytes: Uint8Array; url: string }> {
  if (!key) throw userError('Document key is required');
  const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }), { abortSignal: signal });
  const bytes = answer.Body ? await answer.Body.transformToByteArray() : new Uint8Array();
  const url = await getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: PRESIGNED_URL_SECONDS });
  return { bytes, url };
}
