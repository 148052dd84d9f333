import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
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

it("removes with a key the partial files a crash left mid-write, and no other key's", async () => {
  const root = await mkdtemp(join(tmpdir(), 'tern-storage-'));
  const store = diskStorage(join(root, 'documents'));
  const folder = join(root, 'documents', 'travel');
  await store.put('travel/a', Buffer.from('x'), 'text/plain');
  await store.put('travel/ab', Buffer.from('y'), 'text/plain');
  // As a kill between the write and the rename leaves them.
  const partialOf = (name: string) => `${name}.${crypto.randomUUID()}.part`;
  const [cutA, cutAb] = [partialOf('a'), partialOf('ab')];
  await writeFile(join(folder, cutA), 'half');
  await writeFile(join(folder, cutAb), 'half');
  await store.delete('travel/a');
  expect((await readdir(folder)).sort()).toEqual(['ab', cutAb].sort());
  // The other key, its partial with it; a key whose folder is missing is no error.
  await store.delete('travel/ab');
  expect(await readdir(folder)).toEqual([]);
  await store.delete('nobody/c');
  await rm(root, { recursive: true });
});
