import type pg from 'pg';

/**
 * What production refuses to run on: a server that may lose acknowledged writes in a crash,
 * because it does not force them to disk (`fsync` off) or acknowledges a commit before its
 * record is on disk (`synchronous_commit` off; its other values all wait for the local disk).
 */
export async function durabilityProblems(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ fsync: string; synchronous_commit: string }>(
    `select current_setting('fsync') as fsync,
            current_setting('synchronous_commit') as synchronous_commit`,
  );
  const { fsync, synchronous_commit: synchronousCommit } = rows[0]!;
  const problems: string[] = [];
  if (fsync !== 'on')
    problems.push('fsync is off: a crash of the machine can lose or corrupt committed data');
  if (synchronousCommit === 'off')
    problems.push('synchronous_commit is off: a crash can lose writes already acknowledged');
  return problems;
}

export class NotDurableError extends Error {
  override name = 'NotDurableError';
}

/** Stops a production start on a server that could lose acknowledged writes. */
export async function assertDurable(pool: pg.Pool): Promise<void> {
  const problems = await durabilityProblems(pool);
  if (problems.length > 0)
    throw new NotDurableError(
      `Refusing to start in production on a PostgreSQL server that is not durable:\n  ${problems.join('\n  ')}\nTurn these settings on (postgresql.conf or ALTER SYSTEM), or run with NODE_ENV other than production.`,
    );
}
