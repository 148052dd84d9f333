import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { assertDurable, NotDurableError } from './db/durability.ts';

/** What the API and the worker do before anything else, the same way. */

/** The configuration, or the process ends with a message naming each bad variable. */
export function configOrExit(env: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * The configured database, migrated. In production a server that could lose acknowledged
 * writes (fsync or synchronous_commit off) stops the start.
 */
export async function openMigratedDatabase(config: Config): Promise<Database> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolMax: config.DATABASE_POOL_MAX,
    onIdleError: (error) =>
      console.warn(`database connection closed by the server: ${error.message}`),
    log: (message) => console.warn(message),
  });
  try {
    if (config.NODE_ENV === 'production') await assertDurable(database.pool);
    await database.migrate();
  } catch (error) {
    await database.close();
    if (!(error instanceof NotDurableError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  return database;
}
