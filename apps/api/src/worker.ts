import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';

/**
 * `npm run worker`: works Tern's background jobs without serving HTTP, beside API instances
 * started with `RUN_JOBS=false`. Any number may run: a job runs on one of them only.
 */
async function main() {
  let config: Config;
  try {
    config = loadConfig({ ...process.env, RUN_JOBS: 'true' });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolMax: config.DATABASE_POOL_MAX,
    log: (message) => console.warn(message),
  });
  await database.migrate();
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
