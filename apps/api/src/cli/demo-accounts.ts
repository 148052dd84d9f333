import { loadConfig } from '../config.ts';
import { demoAccounts, formatDemoAccounts } from '../seed/demo-accounts.ts';

/** `npm run demo:accounts [-- --json]`: the demo partners and users, as printed at start. */
const config = loadConfig();
if (process.argv.includes('--json'))
  console.log(JSON.stringify(demoAccounts(config.PORT), null, 2));
else console.log(formatDemoAccounts(config.PORT, config.DEFAULT_PARTNER_ID));
