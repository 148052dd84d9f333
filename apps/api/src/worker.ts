import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { configOrExit, openMigratedDatabase } from './startup.ts';

/**
 * `npm run worker`: works Tern's background jobs without serving HTTP, beside API instances
 * started with `RUN_JOBS=false`. Any number may run: a job runs on one of them only.
 */
async function main() {
  const config = configOrExit({ ...process.env, RUN_JOBS: 'true' });
  const database = await openMigratedDatabase(config);
  // The same modules as the API, so every area's jobs are defined; nothing listens.
  const app = await buildApp({ config, database });
  closeWithGrace({ delay: 30_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'worker stopping after an error');
    else app.log.info({ signal }, 'worker stopping');
    await app.close();
    await database.close();
  });
  await app.ready();
  app.log.info({ jobs: app.platform.jobs.definitions().map((job) => job.name) }, 'worker ready');
}

await main();
