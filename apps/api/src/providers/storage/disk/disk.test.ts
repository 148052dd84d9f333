import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { storagePortSuite } from '../port-suite.ts';
import { diskStorage } from './index.ts';

storagePortSuite('disk', async () => {
  const root = await mkdtemp(join(tmpdir(), 'tern-storage-'));
  return { port: diskStorage(join(root, 'documents')), close: () => rm(root, { recursive: true }) };
});

it('writes only inside its folder, and leaves no partial file behind', async () => {
  const root = await mkdtemp(join(tmpdir(), 'tern-storage-'));
  const store = diskStorage(join(root, 'documents'));
  await store.put('travel/a', Buffer.from('x'), 'text/plain');
  await expect(store.put('travel/../../outside', Buffer.from('x'), 'text/plain')).rejects.toThrow();
  expect(await readdir(root)).toEqual(['documents']);
  expect(await readdir(join(root, 'documents', 'travel'))).toEqual(['a']);
  await rm(root, { recursive: true });
});
