import { TOTP } from 'otpauth';
import { demoUsers } from '../seed/demo-world.ts';

/**
 * `npm run -s demo:totp`: the current two-step verification code of the demo user with MFA on,
 * as an authenticator app holding the demo key would show it (for demos without a phone).
 */
for (const user of demoUsers.filter((u) => u.totpSecret)) {
  const code = new TOTP({ secret: user.totpSecret!, period: 30 }).generate();
  const left = 30 - (Math.floor(Date.now() / 1000) % 30);
  console.log(`${code}  ${user.emailAddress} (valid ${left} s more)`);
}
