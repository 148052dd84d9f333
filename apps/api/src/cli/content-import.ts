import { resolve } from 'node:path';
import { configOrExit, openMigratedDatabase } from '../startup.ts';
import { systemClock } from '../lib/clock.ts';
import { contentRepo, ContentImportError } from '../modules/content/index.ts';
import { CONTENT_ROOT } from '../modules/content/import.ts';
import { contentService } from '../modules/content/service.ts';

/**
 * `npm run content:import [-- <folder>]`: makes the configured database hold exactly the help
 * content of a folder (content/README.md; the repository's `content/` by default). Idempotent;
 * a file with invalid front matter stops it, naming the file, with nothing changed.
 */
const folder = process.argv[2]
  ? resolve(process.env.INIT_CWD ?? process.cwd(), process.argv[2])
  : CONTENT_ROOT;
const database = await openMigratedDatabase(configOrExit());
try {
  const content = contentService({ repo: contentRepo(database.db), clock: systemClock });
  const counts = await content.importFolder(folder);
  console.log(
    `content imported from ${folder}: ${counts.added} added, ${counts.updated} updated, ` +
      `${counts.unchanged} unchanged, ${counts.retired} retired`,
  );
} catch (error) {
  if (!(error instanceof ContentImportError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
