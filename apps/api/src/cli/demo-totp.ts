import { TOTP } from 'otpauth';
import { TOTP_PERIOD_S } from '../modules/accounts/limits.ts';
import { demoUsers } from '../seed/demo-world.ts';

/**
 * `npm run -s demo:totp`: the current two-step verification code of the demo user with MFA on,
 * as an authenticator app holding the demo key would show it (for demos without a phone).
 */
for (const user of demoUsers.filter((u) => u.totpSecret)) {
  const code = new TOTP({ secret: user.totpSecret!, period: TOTP_PERIOD_S }).generate();
  const left = TOTP_PERIOD_S - (Math.floor(Date.now() / 1000) % TOTP_PERIOD_S);
  console.log(`${code}  ${user.emailAddress} (valid ${left} s more)`);
}
