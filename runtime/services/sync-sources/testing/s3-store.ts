/**
 * @module runtime/services/sync-sources/testing/s3-store — an S3-compatible store on loopback for the S3
 * source's tests: s3rver in a fresh temporary folder with the test's buckets, its one key pair
 * (S3RVER/S3RVER), and `put` through the AWS SDK (endpoint and credentials explicit: nothing
 * reaches AWS or looks for other credentials).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export const STORE_CREDENTIAL = { awsAccessKeyId: 'S3RVER', awsSecretAccessKey: 'S3RVER', awsRegion: 'us-east-1' };

export interface S3Store {
  /** http://127.0.0.1:<port> (the service URL `s3`) */
  url: string;
  hostPort: string;
  put(bucket: string, key: string, body: string | Uint8Array): Promise<void>;
  close(): Promise<void>;
}

export async function startS3Store(buckets: string[]): Promise<S3Store> {
  const directory = await mkdtemp(join(tmpdir(), 'weft-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: buckets.map((name) => ({ name })) });
  const { port } = await server.run();
  const url = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: url,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  return {
    url,
    hostPort: `127.0.0.1:${port}`,
    async put(bucket, key, body) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
