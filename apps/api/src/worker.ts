import { buildApp } from './app.ts';
import { closeOnSignal, configOrExit, openMigratedDatabase } from './startup.ts';

/**
 * `npm run worker`: works Tern's background jobs without serving HTTP, beside API instances
 * started with `RUN_JOBS=false`. Any number may run: a job runs on one of them only.
 */
async function main() {
  const config = configOrExit({ ...process.env, RUN_JOBS: 'true' });
  const database = await openMigratedDatabase(config);
  // The same modules as the API, so every area's jobs are defined; nothing listens.
  const app = await buildApp({ config, database });
  closeOnSignal(app, database, { delayMs: 30_000, name: 'worker' });
  await app.ready();
  app.log.info({ jobs: app.platform.jobs.definitions().map((job) => job.name) }, 'worker ready');
}

await main();
