import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';

/** The rows of a raw query (`db.execute` answers node-postgres's result). */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = await db.execute(query);
  return ('rows' in result ? result.rows : result) as Row[];
}

/** How many rows each named table holds (names are the tests' own, never input). */
export async function rowCounts(db: Db, tables: readonly string[]) {
  const union = tables
    .map((table) => `select '${table}' as t, count(*)::int as n from "${table}"`)
    .join(' union all ');
  const rows = await queryRows<{ t: string; n: number }>(db, sql.raw(union));
  return Object.fromEntries(rows.map((row) => [row.t, row.n]));
}
