import { join } from 'node:path';
import type { Config } from '../../config';
import { createLocalFileStore, type FileStore } from './file-store';
import { createS3FileStore } from './s3-file-store';

/** The configured file store: S3 when S3_BUCKET is set, else the server's disk under DATA_DIR/files. */
export async function createFileStore(config: Config, secret: Uint8Array): Promise<FileStore> {
  if (config.s3) return createS3FileStore(config.s3);
  return createLocalFileStore(join(config.dataDir, 'files'), secret);
}
