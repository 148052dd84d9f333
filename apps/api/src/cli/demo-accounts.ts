import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { partnersRepo } from '../modules/partners/repo.ts';
import { demoAccounts, formatDemoAccounts } from '../seed/demo-accounts.ts';
import { demoPartners } from '../seed/demo-world.ts';

/**
 * `npm run demo:accounts [-- --json]`: the demo partners and users, as printed at start, on
 * the port the demo was seeded for (read from the partners' origins in the database, so a
 * server started with another PORT is printed right without repeating it here).
 */
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
let port = config.PORT;
try {
  const origin = (await partnersRepo(database.db).findById(demoPartners[0]!.id))?.origins[0];
  if (origin) port = Number(new URL(origin).port) || port;
} finally {
  await database.close();
}
if (process.argv.includes('--json')) console.log(JSON.stringify(demoAccounts(port), null, 2));
else console.log(formatDemoAccounts(port, config.DEFAULT_PARTNER_ID));
