import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemo } from './seed/seed-demo.ts';
import { encryptionFor } from './lib/encryption-for.ts';
import { formatDemoAccounts } from './seed/demo-accounts.ts';

/** Starts Tern: configuration, database (migrated, seeded), HTTP server, clean shutdown. */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
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
    onIdleError: (error) =>
      console.warn(`database connection closed by the server: ${error.message}`),
    log: (message) => console.warn(message),
  });
  await database.migrate();
  if (config.SEED_DEMO) await seedDemo(database.db, encryptionFor(config));

  const app = await buildApp({ config, database });
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
  });

  await app.listen({ host: config.HOST, port: config.PORT });
  if (config.SEED_DEMO)
    console.log(`\n${formatDemoAccounts(config.PORT, config.DEFAULT_PARTNER_ID)}\n`);
}

await main();
