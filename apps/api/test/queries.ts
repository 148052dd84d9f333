import type { TestContext } from './app.ts';

/** A statement the app sent through its pool: its SQL, and its name when it is prepared. */
export interface SentStatement {
  text: string;
  name?: string;
}

/**
 * The statements the app sends through its pool while `run` runs: one per round trip. A
 * transaction's statements go through a checked-out client and are not seen here, so a read
 * or write that must be single statements shows every one of them. The worker is stopped
 * meanwhile: its jobs (a scheduled one, an email queued by the request) use the pool too.
 */
export async function statementsDuring(
  t: TestContext,
  run: () => Promise<unknown>,
): Promise<SentStatement[]> {
  const { pool } = t.database;
  const { jobs } = t.app.platform;
  const runsJobs = t.app.platform.config.RUN_JOBS;
  const original = pool.query.bind(pool);
  const sent: SentStatement[] = [];
  if (runsJobs) await jobs.stop();
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
    if (runsJobs) await jobs.start(t.app.log);
  }
  return sent;
}

/**
 * A route's own statements: without the session check, which the process caches (ADR 0008)
 * but repeats when the cache may have missed an ended session (a gap in its LISTEN connection),
 * nor the count of its abuse class's limit (one statement, before the route's own).
 */
export const routeStatements = (statements: SentStatement[]) =>
  statements.filter(
    (statement) =>
      !statement.text.includes('"sessions"') && !statement.text.includes('"rate_limits"'),
  );
