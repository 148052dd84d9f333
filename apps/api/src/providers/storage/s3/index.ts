import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { checkKey, type StoragePort } from '../port.ts';

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible server's address (MinIO, Ceph, R2…); AWS's own when left out. */
  endpoint?: string | undefined;
  /** `https://host/bucket/key` rather than `https://bucket.host/key` (most compatible servers). */
  forcePathStyle: boolean;
  /** Without them the SDK's own chain is used (environment, instance role…). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

const isMissing = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
};

/**
 * An S3-compatible bucket. Uploads go through the SDK's managed upload, which takes a stream
 * of unknown length (one request for a small file, a multipart upload for a large one, aborted
 * when the stream fails, so nothing is left under the key). Checksums are sent and checked
 * only where the API requires them: several S3-compatible servers do not take the SDK's
 * newer default ones.
 */
export function s3Storage(settings: S3Settings, client?: S3Client): StoragePort {
  const config: S3ClientConfig = {
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
  };
  const s3 = client ?? new S3Client(config);
  const Bucket = settings.bucket;
  return {
    async put(key, body, contentType) {
      const Key = checkKey(key);
      await new Upload({
        client: s3,
        params: { Bucket, Key, Body: body, ContentType: contentType },
      }).done();
      const size = await this.size(Key);
      if (size === undefined) throw new Error(`The bucket kept nothing under ${Key}`);
      return { size };
    },

    async get(key) {
      try {
        const { Body } = await s3.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        return Body instanceof Readable ? Body : undefined;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async size(key) {
      try {
        const head = await s3.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return head.ContentLength;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async delete(key) {
      await s3.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
  };
}
