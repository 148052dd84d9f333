import { parseArgs } from 'node:util';
import { linkInvitationRequestSchema } from '@tern/domain';
import { buildApp } from '../app.ts';
import { linksRepo } from '../modules/accounts/links/links-repo.ts';
import { linksService } from '../modules/accounts/links/links-service.ts';
import { usersRepo } from '../modules/accounts/users-repo.ts';
import { configOrExit, openMigratedDatabase } from '../startup.ts';

/**
 * `npm run invite -- --partner travel --email jo@example.com --first Jo --last Doe
 * --mobile +14165550123 [--policy SKY-2004] [--locale fr-CA] [--days 14] [--no-send]`:
 * invites a customer as the partner's back end would (POST /platform/partners/{id}/links),
 * prints the enrolment link, and queues the invitation email for the message jobs (a running
 * API or worker sends it).
 */
const usage = `Usage: npm run invite -- --partner <id> --email <address> --first <name> --last <name>
       --mobile <+E.164> [--policy <number>] [--locale <xx-YY>] [--days <1-30>] [--no-send]`;

async function main() {
  const { values } = parseArgs({
    options: {
      partner: { type: 'string' },
      email: { type: 'string' },
      first: { type: 'string' },
      last: { type: 'string' },
      mobile: { type: 'string' },
      policy: { type: 'string' },
      locale: { type: 'string' },
      days: { type: 'string' },
      'no-send': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || !values.partner) {
    console.error(usage);
    process.exit(values.help ? 0 : 1);
  }
  const request = linkInvitationRequestSchema.safeParse({
    firstName: values.first,
    surname: values.last,
    mobilePhoneNumber: values.mobile,
    emailAddress: values.email,
    externalPolicyNumber: values.policy,
    locale: values.locale,
    expiresInDays: values.days === undefined ? undefined : Number(values.days),
    send: !values['no-send'],
  });
  if (!request.success) {
    for (const issue of request.error.issues)
      console.error(`${issue.path.join('.') || 'input'}: ${issue.message}`);
    console.error(usage);
    process.exit(1);
  }
  // The jobs stay with the running API or worker: this only queues the email.
  const config = configOrExit({ ...process.env, RUN_JOBS: 'false', LOG_LEVEL: 'warn' });
  const database = await openMigratedDatabase(config);
  const app = await buildApp({ config, database });
  try {
    await app.ready();
    const partner = await app.partners.byId(values.partner);
    if (!partner) {
      console.error(
        `No partner ${values.partner} in this database (the demo ones appear once Tern has started).`,
      );
      process.exitCode = 1;
      return;
    }
    const links = linksService({
      repo: linksRepo(database.db),
      users: usersRepo(database.db),
      sessions: app.sessions,
      notifications: app.platform.notifications,
      clock: app.platform.clock,
    });
    const created = await links.create(partner, null, request.data);
    console.log(`Invitation for ${request.data.emailAddress} (${partner.name})`);
    console.log(`  link:    ${created.url}`);
    console.log(`  expires: ${created.expiresAt}`);
    console.log(request.data.send ? '  emailed: queued for the message jobs' : '  emailed: no');
  } finally {
    await app.close();
    await database.close();
  }
}

await main();
