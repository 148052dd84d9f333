import { buildApp } from './app.ts';
import { closeOnSignal, configOrExit, openMigratedDatabase } from './startup.ts';
import { seedDemo } from './seed/seed-demo.ts';
import { keysFor } from './lib/encryption-for.ts';
import { formatDemoAccounts } from './seed/demo-accounts.ts';
import { demoDelayCommand } from './seed/demo-data.ts';
import { publishedDemoCredentials } from './seed/demo-guard.ts';

/** Starts Tern: configuration, database (migrated, seeded), HTTP server, clean shutdown. */
async function main() {
  const config = configOrExit();
  const database = await openMigratedDatabase(config);
  if (config.NODE_ENV === 'production') {
    const published = await publishedDemoCredentials(database.db);
    if (published.length > 0) {
      console.error(
        `Refusing to start in production: the database holds demo credentials the repository publishes:\n${published.map((p) => `  - ${p}`).join('\n')}\nRevoke or remove them (or use a database without the demo world).`,
      );
      await database.close();
      process.exit(1);
    }
  }
  if (config.SEED_DEMO) await seedDemo(database.db, keysFor(config), new Date(), config.PORT);

  const app = await buildApp({ config, database });
  closeOnSignal(app, database, { delayMs: 10_000, name: 'api' });

  await app.listen({ host: config.HOST, port: config.PORT });
  if (config.SEED_DEMO) {
    const delay = await demoDelayCommand(database.db, new Date());
    console.log(`\n${formatDemoAccounts(config.PORT, config.DEFAULT_PARTNER_ID)}`);
    if (delay)
      console.log(`\nDelay the travel demo user's next flight (watch My insurances): ${delay}`);
    console.log('');
  }
}

await main();
