import { buildApp } from './app.ts';
import { closeOnSignal, configOrExit, openMigratedDatabase } from './startup.ts';
import { seedDemo } from './seed/seed-demo.ts';
import { encryptionFor } from './lib/encryption-for.ts';
import { formatDemoAccounts } from './seed/demo-accounts.ts';

/** Starts Tern: configuration, database (migrated, seeded), HTTP server, clean shutdown. */
async function main() {
  const config = configOrExit();
  const database = await openMigratedDatabase(config);
  if (config.SEED_DEMO) await seedDemo(database.db, encryptionFor(config));

  const app = await buildApp({ config, database });
  closeOnSignal(app, database, { delayMs: 10_000, name: 'api' });

  await app.listen({ host: config.HOST, port: config.PORT });
  if (config.SEED_DEMO)
    console.log(`\n${formatDemoAccounts(config.PORT, config.DEFAULT_PARTNER_ID)}\n`);
}

await main();
