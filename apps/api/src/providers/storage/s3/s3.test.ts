import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { storagePortSuite } from '../port-suite.ts';
import { s3Storage } from './index.ts';

// A local S3-compatible server (s3rver, from npm): the adapter speaks the real S3 protocol
// to it, path-style, as it would to MinIO or a cloud bucket.
storagePortSuite('s3 (s3rver)', async () => {
  const directory = await mkdtemp(join(tmpdir(), 'tern-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'tern-documents' }],
  });
  const { port } = await server.run();
  return {
    port: s3Storage({
      bucket: 'tern-documents',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    }),
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true });
    },
  };
});
