import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { assertDurable, NotDurableError } from './db/durability.ts';

/** What the API and the worker do to start and to stop, the same way. */

/** Set once a stop has begun: from then on a connection the server ends is expected. */
let stopping = false;

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
    onIdleError: (error) => {
      // Ctrl-C reaches the embedded server too (one process group): it ends our connections
      // while the app still closes. Not news then.
      if (!stopping) console.warn(`database connection closed by the server: ${error.message}`);
    },
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

/**
 * On SIGINT or SIGTERM (or an uncaught error), the app closes first — requests and streams
 * in flight end, jobs running finish — and then the database, which stops an embedded server.
 */
export function closeOnSignal(
  app: FastifyInstance,
  database: Database,
  options: { delayMs: number; name: 'api' | 'worker' },
) {
  closeWithGrace({ delay: options.delayMs }, async ({ signal, err }) => {
    stopping = true;
    if (err) app.log.error({ err, process: options.name }, 'stopping after an error');
    else app.log.info({ signal, process: options.name }, 'stopping');
    await app.close();
    await database.close();
  });
}
