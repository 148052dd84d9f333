import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { alertPeriods } from '@tern/domain';
import { loadConfig } from '../../apps/api/src/config.ts';
import { openPostgres } from '../../apps/api/src/db/client.ts';
import { keysFor } from '../../apps/api/src/lib/encryption-for.ts';
import { hashPassword } from '../../apps/api/src/lib/passwords.ts';
import { sha256 } from '../../apps/api/src/lib/secrets.ts';
import { usersRepo } from '../../apps/api/src/modules/accounts/users-repo.ts';
import { itemAlerts } from '../../apps/api/src/modules/claims/tables.ts';
import { payoutMethods } from '../../apps/api/src/modules/payouts/tables.ts';
import { partnersRepo } from '../../apps/api/src/modules/partners/repo.ts';
import { webhookEndpoints } from '../../apps/api/src/modules/partners/webhooks/tables.ts';
import { DEMO_IDS } from '../../apps/api/src/seed/demo-data.ts';
import { demoEmail } from '../../apps/api/src/seed/demo-world.ts';
import { prepareWorld, travel, worldApiKey } from './world.ts';

/** The webhook events the crash test's receiver is registered for. */
const CRASH_WEBHOOK_EVENTS = ['trip.covered', 'payout.sent', 'payout.settled'] as const;

/** What the crash test's writers need beyond the scripted world: credentials and ids. */
export interface CrashWorld {
  /** The travel partner's API key and a server secret of its back end (payments). */
  travelKey: string;
  travelSecret: string;
  /** The demo travel customer, paid by the payments writer to its preferred method. */
  payee: { userId: string; currency: string };
  /** The business partner's API key and its demo customer, whose café claim awaits a prediction. */
  businessKey: string;
  businessLogin: { emailAddress: string; password: string; partnerId: string };
  claim: {
    itemId: string;
    alertId: string;
    datasetId: string;
    periods: { year: number; month: number }[];
  };
}

/**
 * The scripted world (`prepareWorld`: migrated, demo world without its published credentials,
 * `policies` free travel policies), plus: a server secret for the travel partner's back end, a
 * key for the business partner, a password of the crash test's own for the business customer,
 * and the travel partner's webhook endpoint at `receiverUrl` — plain http on this machine,
 * which production would refuse through the API, so it is written straight into its table,
 * as the widget bench does.
 */
export async function prepareCrashWorld(
  url: string,
  env: NodeJS.ProcessEnv,
  options: { prefix: string; policies: number; receiverUrl: string },
): Promise<CrashWorld> {
  await prepareWorld(url, env, options.prefix, options.policies);
  const { encryption } = keysFor(loadConfig(env));
  const database = openPostgres(url, 2);
  const { db } = database;
  const partners = partnersRepo(db);

  const travelSecret = `tern_sk_travel_${randomBytes(16).toString('hex')}`;
  await partners.addSecretIfMissing({
    partnerId: travel.id,
    kid: 'crash-test',
    secretHash: sha256(travelSecret),
    secretCiphertext: encryption.encrypt(travelSecret),
    label: 'crash test',
  });
  const businessKey = `tern_pk_business_${randomBytes(12).toString('hex')}`;
  await partners.addApiKeyIfMissing('business', businessKey, 'crash test');
  const password = `Crash-${randomBytes(9).toString('base64url')}!`;
  const business = await usersRepo(db).findByEmail('business', demoEmail('business'));
  await db.execute(
    sql`update users set password_hash = ${await hashPassword(password)} where id = ${business!.id}`,
  );
  const [payee] = await db
    .select({ userId: payoutMethods.userId, currency: payoutMethods.currency })
    .from(payoutMethods)
    .where(eq(payoutMethods.id, DEMO_IDS.travelPayoutMethod));

  await db.insert(webhookEndpoints).values({
    partnerId: travel.id,
    url: options.receiverUrl,
    events: [...CRASH_WEBHOOK_EVENTS],
    secretCiphertext: encryption.encrypt(`whsec_${randomBytes(24).toString('base64')}`),
  });

  const [claim] = await db
    .select({ alertDate: itemAlerts.alertDate })
    .from(itemAlerts)
    .where(eq(itemAlerts.id, DEMO_IDS.cafeClaim));
  await database.close();
  return {
    travelKey: worldApiKey,
    travelSecret,
    payee: payee!,
    businessKey,
    businessLogin: { emailAddress: demoEmail('business'), password, partnerId: 'business' },
    claim: {
      itemId: DEMO_IDS.cafe,
      alertId: DEMO_IDS.cafeClaim,
      datasetId: DEMO_IDS.cafePredictionDataset,
      periods: alertPeriods(claim!.alertDate.toISOString()).map(({ year, month }) => ({
        year,
        month,
      })),
    },
  };
}
