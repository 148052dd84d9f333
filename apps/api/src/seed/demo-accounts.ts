import { freeDemoPolicyNumbers, inactiveDemoPolicyNumbers } from './demo-policies.ts';
import {
  DEMO_PASSWORD,
  demoOrigin,
  demoPartners,
  demoShopOrigin,
  demoUsers,
} from './demo-world.ts';

/** The demo partners and users as printed on the console and by `npm run demo:accounts`. */
export function demoAccounts(port: number) {
  return {
    partners: demoPartners.map((p) => ({
      id: p.id,
      name: p.name,
      kind: p.kind,
      url: demoOrigin(p, port),
      apiKey: p.apiKey,
      serverSecret: p.serverSecret,
      /** Free policy numbers to register with (each works once). */
      policyNumbers: freeDemoPolicyNumbers(p.id),
      inactivePolicyNumbers: inactiveDemoPolicyNumbers(p.id),
    })),
    users: demoUsers.map((u) => ({
      partnerId: u.partnerId,
      email: u.emailAddress,
      password: DEMO_PASSWORD,
      roles: u.roles,
      ...(u.totpSecret ? { mfa: { authenticatorKey: u.totpSecret } } : {}),
      ...(u.employee ? { employee: true } : {}),
    })),
  };
}

export function formatDemoAccounts(port: number, defaultPartnerId: string): string {
  const { partners, users } = demoAccounts(port);
  const lines = [
    `Tern is running on http://localhost:${port} (default partner: ${defaultPartnerId})`,
    '',
    'Demo partners:',
  ];
  for (const p of partners)
    lines.push(`  ${p.url.padEnd(34)} ${p.name} — ${p.kind} (api-key ${p.apiKey})`);
  lines.push('', `Demo users (password for all: ${DEMO_PASSWORD}):`);
  for (const u of users)
    lines.push(
      `  ${u.email.padEnd(34)} ${u.roles.join(',').padEnd(6)} partner ${u.partnerId}${u.mfa ? `, two-step verification on (authenticator key ${u.mfa.authenticatorKey}; npm run -s demo:totp prints the code)` : ''}${u.employee ? ', an employee of the partner (no passenger limits)' : ''}`,
    );
  lines.push('', 'Policy numbers to register with (each works once; inactive ones are refused):');
  for (const p of partners)
    lines.push(
      `  ${p.id.padEnd(10)} ${p.policyNumbers.join(' ')}   inactive: ${p.inactivePolicyNumbers.join(' ')}`,
    );
  lines.push(
    '',
    `Sign-in codes and reset links (simulated email and SMS): http://localhost:${port}/dev/outbox`,
    'Single sign-on token for a demo partner: npm run sso:token -- --partner travel --customer C123 --email you@example.com',
    `The widget embedded in each demo partner's own shop: ${demoShopOrigin(port)} (a token: npm run widget:token -- --partner travel --customer C123 --email you@example.com)`,
  );
  lines.push('', `API documentation: http://localhost:${port}/api/docs`);
  return lines.join('\n');
}
