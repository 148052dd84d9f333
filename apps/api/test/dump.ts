import type pg from 'pg';

/**
 * Every row of every table of the public schema as text (what a dump of the database would
 * hold, without pg_dump): for tests that a value typed by a user is stored nowhere in clear.
 */
export async function databaseText(pool: pg.Pool): Promise<string> {
  const { rows: tables } = await pool.query<{ name: string }>(
    `select quote_ident(table_name) as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const { rows } = await pool.query<{ dump: string | null }>(
      `select string_agg(t::text, E'\\n') as dump from ${name} t`,
    );
    if (rows[0]?.dump) parts.push(`${name}\n${rows[0].dump}`);
  }
  return parts.join('\n');
}
