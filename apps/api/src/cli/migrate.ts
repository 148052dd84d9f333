import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';

/** `npm run db:migrate`: applies committed migrations to the configured database. */
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  log: (message) => console.warn(message),
});
await database.migrate();
await database.close();
console.log(`migrations applied (${database.engine})`);
