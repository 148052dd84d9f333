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

/** Within this time a repeated Ctrl-C is the same key press arriving twice (see below). */
const REPEATED_SIGNAL_MS = 1_000;

/**
 * On SIGINT or SIGTERM (or an uncaught error), the app closes first — requests and streams
 * in flight end, jobs running finish — and then the database, which stops an embedded server.
 * A second signal stops at once, unless it comes within a second of the first: `npm start`
 * relays Ctrl-C to Tern, which the terminal has already sent to the whole process group, so
 * one key press arrives twice.
 */
export function closeOnSignal(
  app: FastifyInstance,
  database: Database,
  options: { delayMs: number; name: 'api' | 'worker' },
) {
  let stopSignal: NodeJS.Signals | undefined;
  let firstSignalAt = 0;
  const grace = closeWithGrace(
    { delay: options.delayMs, skip: ['SIGINT', 'SIGTERM'] },
    async ({ err }) => {
      stopping = true;
      if (err) app.log.error({ err, process: options.name }, 'stopping after an error');
      else app.log.info({ signal: stopSignal, process: options.name }, 'stopping');
      await app.close();
      await database.close();
    },
  );
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopSignal === undefined) {
      stopSignal = signal;
      firstSignalAt = Date.now();
      void grace.close();
    } else if (Date.now() - firstSignalAt > REPEATED_SIGNAL_MS) {
      app.log.warn({ signal, process: options.name }, 'second signal: stopping at once');
      process.exit(1);
    }
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
