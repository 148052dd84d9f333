import { configOrExit, openMigratedDatabase } from '../../api/src/startup.ts';
import { databaseText } from '../../api/test/dump.ts';

/**
 * Prints every row of the journey server's database as text (a dump without pg_dump), for the
 * journey that checks no identifier a person typed is stored in clear. Run as the operator's
 * commands are (`simOperator`'s environment): `npx tsx apps/web/e2e/dump-database.ts`.
 */
const database = await openMigratedDatabase(configOrExit());
try {
  process.stdout.write(await databaseText(database.pool));
} finally {
  await database.close();
}
