import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { PARTNER_DOCUMENT_URL } from '../plugins/openapi.ts';
import { withOfflineApp } from './offline-app.ts';

/** The OpenAPI documents the app serves, by the file name each is written to. */
const DOCUMENTS = { 'openapi.json': '/api/docs/json', 'partner.json': PARTNER_DOCUMENT_URL };

/** Each document as the app serves it, by file name. */
async function readDocuments(app: FastifyInstance): Promise<Record<string, string>> {
  const entries = await Promise.all(
    Object.entries(DOCUMENTS).map(async ([file, url]) => {
      const answer = await app.inject({ url });
      if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}`);
      return [file, answer.body] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * `tsx apps/api/src/cli/openapi.ts <folder>` writes both OpenAPI documents (the full API and the
 * partner API) into a folder, for an outside linter to read (`npm run lint:openapi`).
 */
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const folder = process.argv[2];
  if (!folder) throw new Error('usage: tsx apps/api/src/cli/openapi.ts <folder>');
  mkdirSync(folder, { recursive: true });
  const documents = await withOfflineApp(readDocuments);
  for (const [file, body] of Object.entries(documents)) {
    writeFileSync(join(folder, file), body);
    console.log(`wrote ${join(folder, file)}`);
  }
}
