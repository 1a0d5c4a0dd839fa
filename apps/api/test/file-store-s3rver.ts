import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3Settings } from '../src/config';

/** The parts of s3rver (a real S3-compatible server, in-process) the tests use; it ships no types. */
interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
  vhostBuckets: boolean;
}) => S3rverServer;

export interface RunningS3 {
  settings: S3Settings;
  close(): Promise<void>;
}

/**
 * s3rver on a random port with a fresh directory and one bucket. Its own credentials are S3RVER /
 * S3RVER; it checks Signature Version 4 requests for form (not the signature), keeps objects on
 * disk, and has no ListParts or AbortMultipartUpload (it answers MethodNotAllowed).
 */
export async function startS3rver(bucket = 'colophon-test'): Promise<RunningS3> {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;
  const directory = await mkdtemp(join(tmpdir(), 'colophon-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
    vhostBuckets: false,
  });
  const address = await server.run();
  return {
    settings: {
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${address.port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
