import type { Database } from '../src/db/client.ts';

/** A statement the app sent through its pool: its SQL, and its name when it is prepared. */
export interface SentStatement {
  text: string;
  name?: string;
}

/**
 * The statements the app sends through its pool while `run` runs: one per round trip. A
 * transaction's statements go through a checked-out client and are not seen here, so a read
 * or write that must be single statements shows every one of them. Jobs the worker runs
 * meanwhile use the pool too (its own bookkeeping does not): stop it to count one request.
 */
export async function statementsDuring(
  database: Database,
  run: () => Promise<unknown>,
): Promise<SentStatement[]> {
  const pool = database.pool;
  const original = pool.query.bind(pool);
  const sent: SentStatement[] = [];
  pool.query = ((config: unknown, ...rest: unknown[]) => {
    sent.push(
      typeof config === 'string'
        ? { text: config }
        : {
            text: (config as SentStatement).text,
            ...((config as SentStatement).name ? { name: (config as SentStatement).name } : {}),
          },
    );
    return (original as (...args: unknown[]) => unknown)(config, ...rest);
  }) as typeof pool.query;
  try {
    await run();
  } finally {
    pool.query = original;
  }
  return sent;
}
