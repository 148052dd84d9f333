import { parseArgs } from 'node:util';
import { linkInvitationRequestSchema, staffInvitationRequestSchema } from '@tern/domain';
import type { z } from 'zod';
import { buildApp } from '../app.ts';
import { linksRepo } from '../modules/accounts/links/links-repo.ts';
import { linksService, type Invitation } from '../modules/accounts/links/links-service.ts';
import { usersRepo } from '../modules/accounts/users-repo.ts';
import { configOrExit, openMigratedDatabase } from '../startup.ts';

/**
 * `npm run invite -- --partner travel --email jo@example.com --first Jo --last Doe
 * --mobile +14165550123 [--policy SKY-2004] [--locale fr-CA] [--days 14] [--no-send]`:
 * invites a customer as the partner's back end would (POST /platform/partners/{id}/links),
 * prints the enrolment link, and queues the invitation email for the message jobs (a running
 * API or worker sends it). With `--role AGENT|ADMIN` (no mobile number) it invites a member
 * of staff as the admin console does: how a partner gets its first ADMIN.
 */
const usage = `Usage: npm run invite -- --partner <id> --email <address> --first <name> --last <name>
       --mobile <+E.164> [--policy <number>] [--locale <xx-YY>] [--days <1-30>] [--no-send]
   or: npm run invite -- --partner <id> --email <address> --first <name> --last <name>
       --role <AGENT|ADMIN> [--locale <xx-YY>] [--days <1-30>] [--no-send]`;

/** The options' problems, one line each, then the usage; the command ends. */
function refuse(error: z.ZodError): never {
  for (const issue of error.issues)
    console.error(`${issue.path.join('.') || 'input'}: ${issue.message}`);
  console.error(usage);
  process.exit(1);
}

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
      role: { type: 'string' },
      'no-send': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || !values.partner) {
    console.error(usage);
    process.exit(values.help ? 0 : 1);
  }
  const common = {
    firstName: values.first,
    surname: values.last,
    emailAddress: values.email,
    locale: values.locale,
  };
  // How long the link works and whether it is emailed, as for any invitation.
  const link = linkInvitationRequestSchema.pick({ expiresInDays: true, send: true }).safeParse({
    expiresInDays: values.days === undefined ? undefined : Number(values.days),
    send: !values['no-send'],
  });
  if (!link.success) refuse(link.error);
  let invitation: Invitation;
  if (values.role) {
    const staff = staffInvitationRequestSchema.safeParse({ ...common, role: values.role });
    if (!staff.success) refuse(staff.error);
    const { role, ...person } = staff.data;
    invitation = { ...person, ...link.data, roles: [role] };
  } else {
    const customer = linkInvitationRequestSchema.safeParse({
      ...common,
      mobilePhoneNumber: values.mobile,
      externalPolicyNumber: values.policy,
      ...link.data,
    });
    if (!customer.success) refuse(customer.error);
    invitation = { ...customer.data, roles: ['USER'] };
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
    const { created } = await links.invite(partner, null, invitation);
    const who = values.role ? `${values.role} ` : '';
    console.log(`Invitation for ${who}${invitation.emailAddress} (${partner.name})`);
    console.log(`  link:    ${created.url}`);
    console.log(`  expires: ${created.expiresAt}`);
    console.log(invitation.send ? '  emailed: queued for the message jobs' : '  emailed: no');
  } finally {
    await app.close();
    await database.close();
  }
}

await main();
