import { join } from 'node:path';
import type { Config } from '../../config.ts';
import { diskStorage } from './disk/index.ts';
import type { StoragePort } from './port.ts';
import { s3Storage } from './s3/index.ts';

export type { StoragePort } from './port.ts';

/** Where documents are kept (STORAGE_PROVIDER): DATA_DIR/documents, or an S3-compatible bucket. */
export function storageProvider(
  config: Pick<
    Config,
    | 'STORAGE_PROVIDER'
    | 'DATA_DIR'
    | 'S3_BUCKET'
    | 'S3_REGION'
    | 'S3_ENDPOINT'
    | 'S3_FORCE_PATH_STYLE'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
  >,
): StoragePort {
  if (config.STORAGE_PROVIDER === 'disk') return diskStorage(join(config.DATA_DIR, 'documents'));
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
  return s3Storage({
    // The configuration refuses s3 without a bucket.
    bucket: config.S3_BUCKET!,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  });
}
