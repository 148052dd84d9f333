import { parseArgs } from 'node:util';
import { API_ROOT, accountPages, accountsContracts, pathFor } from '@tern/domain';
import { loadConfig } from '../config.ts';
import { mintPartnerToken } from '@tern/partner-client';
import { SSO_MAX_LIFETIME_S } from '../modules/accounts/limits.ts';
import { demoOrigin, demoPartners } from '../seed/demo-world.ts';

/**
 * `npm run sso:token -- --partner travel --customer C123 --email x@y.com [--first Jo --last Doe]`
 * mints what a partner's back end would send: an HS256 JWT signed with the partner's demo
 * server secret (ADR 0003), and prints it with the portal and API addresses that take it.
 */
const usage = `Usage: npm run sso:token -- --partner <id> --customer <id> --email <address>
       [--first <name>] [--last <name>] [--phone <+E.164>] [--locale <xx-YY>]
       [--ttl <seconds, at most ${SSO_MAX_LIFETIME_S}>] [--port <port>]
Partners: ${demoPartners.map((p) => p.id).join(', ')}`;

async function main() {
  const { values } = parseArgs({
    options: {
      partner: { type: 'string' },
      customer: { type: 'string' },
      email: { type: 'string' },
      first: { type: 'string', default: 'Jo' },
      last: { type: 'string', default: 'Doe' },
      phone: { type: 'string' },
      locale: { type: 'string' },
      ttl: { type: 'string', default: String(SSO_MAX_LIFETIME_S) },
      port: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const partner = demoPartners.find((p) => p.id === values.partner);
  if (values.help || !partner || !values.customer || !values.email) {
    console.error(usage);
    process.exit(values.help ? 0 : 1);
  }
  const port = values.port ? Number(values.port) : loadConfig().PORT;
  const token = await mintPartnerToken({
    partnerId: partner.id,
    audience: partner.id,
    secret: partner.serverSecret,
    kid: `${partner.id}-demo`,
    customer: values.customer,
    email: values.email,
    first: values.first,
    last: values.last,
    phone: values.phone,
    locale: values.locale,
    ttlSeconds: Number(values.ttl),
  });
  const origin = demoOrigin(partner, port);
  console.log(`SSO token for customer ${values.customer} of ${partner.name} (valid ${values.ttl} s, single use):

${token}

Portal:  ${origin}${accountPages.sso}?token=${token}
API:     curl -H 'api-key: ${partner.apiKey}' ${origin}${API_ROOT}${pathFor(accountsContracts.sso, { token })}`);
}

await main();
