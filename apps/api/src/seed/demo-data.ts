import {
  maskCard,
  maskTail,
  monitoredDisplayValue,
  partnerConfigSchema,
  PAYOUT_VENDOR,
  type PayoutAccountDetails,
} from '@tern/domain';
import type { Db } from '../db/client.ts';
import type { Keys } from '../lib/encryption-for.ts';
import { insuredItems, itemAlerts, itemPermissions } from '../modules/claims/tables.ts';
import { monitoredItems, monitoringSubscribers } from '../modules/monitoring/tables.ts';
import { payoutMethods } from '../modules/payouts/tables.ts';
import { passengers } from '../modules/travel/tables.ts';
import { usersRepo } from '../modules/accounts/users-repo.ts';
import { demoEmail, demoPartners } from './demo-world.ts';
import { demoFlightToDelay, seedDemoTrips } from './demo-trips.ts';

/**
 * What each demo USER has after login, so every configuration's dashboard shows something:
 * travel — two passengers, a bank payout method, a past trip and an upcoming return trip
 * (demo-trips.ts); business — an insured café with a claim awaiting its revenue prediction;
 * identity — a monitoring subscription with two items. Bags stay empty: they are created
 * through the luggage flow.
 *
 * Rows have fixed ids and are inserted only when missing, so a second run changes nothing.
 */
const demoId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const DEMO_IDS = {
  travelSelf: demoId(101),
  travelCompanion: demoId(102),
  travelPayoutMethod: demoId(201),
  cafe: demoId(301),
  cafeClaim: demoId(302),
  cafePredictionDataset: demoId(303),
  identityEmail: demoId(401),
  identityCard: demoId(402),
} as const;

async function demoUserId(db: Db, partnerId: string): Promise<string> {
  const row = await usersRepo(db).findByEmail(partnerId, demoEmail(partnerId));
  if (!row) throw new Error(`The demo user of ${partnerId} is missing; seed the users first`);
  return row.id;
}

async function seedTravel(db: Db, encryption: Keys['encryption'], now: Date) {
  const userId = await demoUserId(db, 'travel');
  await db
    .insert(passengers)
    .values([
      {
        id: DEMO_IDS.travelSelf,
        userId,
        partnerId: 'travel',
        name: 'Uma',
        surname: 'User',
        mobilePhoneNumber: '+14165550123',
        accountHolder: true,
      },
      {
        id: DEMO_IDS.travelCompanion,
        userId,
        partnerId: 'travel',
        name: 'Noah',
        surname: 'User',
        mobilePhoneNumber: '+14165550187',
      },
    ])
    .onConflictDoNothing();
  // A Canadian account (institution, transit, account number), held only encrypted.
  const account: PayoutAccountDetails = {
    institutionNumber: '004',
    transitNumber: '12345',
    accountNumber: '7654321',
  };
  await db
    .insert(payoutMethods)
    .values({
      id: DEMO_IDS.travelPayoutMethod,
      userId,
      partnerId: 'travel',
      description: 'Chequing account',
      preferred: true,
      service: 'bank',
      provider: 'manual',
      vendor: PAYOUT_VENDOR,
      // The provider code, as the partner's configuration lists it.
      type: 'BANK-MANUAL',
      extras: {
        addressLine1: '100 King Street West',
        addressLine2: 'Suite 1600',
        townCity: 'Toronto',
        province: 'ON',
        postCode: 'M5X 1A9',
        accountType: 'CHECKING',
        legalType: 'INDIVIDUAL',
        emailAddress: 'user@travel.demo',
      },
      currency: 'CAD',
      accountMasked: { accountNumber: maskTail(account.accountNumber!) },
      accountCiphertext: encryption.encrypt(JSON.stringify(account)),
    })
    .onConflictDoNothing();
  await seedDemoTrips(
    db,
    { userId, passengerIds: [DEMO_IDS.travelSelf, DEMO_IDS.travelCompanion] },
    now,
  );
}

async function seedBusiness(db: Db, now: Date) {
  const userId = await demoUserId(db, 'business');
  // The cover's terms, as the key facts state them; money in minor units.
  const config = partnerConfigSchema.parse(demoPartners.find((p) => p.id === 'business')!.config);
  const terms = config.claimTerms!;
  await db
    .insert(insuredItems)
    .values({
      id: DEMO_IDS.cafe,
      userId,
      partnerId: 'business',
      itemTypeId: 'BUSINESS_PREMISES',
      externalPolicyNumber: 'HM-BI-2026-0042',
      properties: {
        name: 'Harbour Café',
        address: '12 Quay Street, Bristol BS1 4RN, United Kingdom',
        businessType: 'Café',
      },
      payoutCurrency: 'GBP',
      profitMargin: 35,
      // Insured since its policy began (HBR-1001, 320 days ago): events since then are covered.
      createdAt: new Date(now.getTime() - 320 * 24 * 60 * 60 * 1000),
    })
    .onConflictDoNothing();
  // Revenue figures come through open banking, which the user has not connected yet.
  await db
    .insert(itemPermissions)
    .values({ itemId: DEMO_IDS.cafe, permission: 'BANKING', required: true, granted: false })
    .onConflictDoNothing();
  await db
    .insert(itemAlerts)
    .values({
      id: DEMO_IDS.cafeClaim,
      itemId: DEMO_IDS.cafe,
      claimNumber: 'HM-CLM-2026-0001',
      alertDate: new Date('2026-10-06T07:00:00Z'),
      alertType: 'ROAD_CLOSURE',
      description: 'Quay Street closed to traffic and pedestrians for water-main works',
      status: 'prediction',
      assigneeDetails: terms.claimsHandler ?? null,
      brokerAssignee: terms.broker ?? null,
      data: {
        currency: config.payouts.country.currency,
        profitMargin: 35,
        retention: terms.retention,
        applicableLimit: terms.applicableLimit,
      },
      trigger: {
        type: 'closure',
        measuredValue: 72 * 60,
        threshold: terms.roadClosureMinutes,
        unit: 'min',
        source: 'Bristol City Council traffic regulation order',
        at: '2026-10-06T07:00:00.000Z',
      },
      // Waiting for the user's revenue prediction: the claim's required action.
      datasets: [
        {
          datasetId: DEMO_IDS.cafePredictionDataset,
          name: 'USER-REVENUE-PREDICTION',
          access: 'USER',
          step: 'PREDICTION',
          completed: false,
          data: [],
        },
      ],
    })
    .onConflictDoNothing();
}

async function seedIdentity(db: Db, { encryption, fingerprints }: Keys) {
  const userId = await demoUserId(db, 'identity');
  const now = new Date();
  await db
    .insert(monitoringSubscribers)
    .values({
      userId,
      partnerId: 'identity',
      initialScanStatus: 'complete',
      initialScanCompletedAt: now,
    })
    .onConflictDoNothing();
  const email = 'uma.user@identity.example.com';
  await db
    .insert(monitoredItems)
    .values([
      {
        id: DEMO_IDS.identityEmail,
        userId,
        partnerId: 'identity',
        dataType: 'EMAIL_ADDRESS',
        friendlyName: 'Personal email',
        displayValue: monitoredDisplayValue('EMAIL_ADDRESS', email),
        valueFingerprint: fingerprints.of('EMAIL_ADDRESS', email),
        valueEncrypted: encryption.encrypt(email),
      },
      {
        id: DEMO_IDS.identityCard,
        userId,
        partnerId: 'identity',
        dataType: 'CARD',
        friendlyName: 'Everyday Visa',
        // Cards are captured by the card vault's frame: Tern keeps only its token, its keyed
        // hash and last four (the demo card is the well-known test number).
        displayValue: maskCard('4242424242424242'),
        valueFingerprint: fingerprints.of('CARD', '4242424242424242'),
        token: 'tok_demo_card_0001',
      },
    ])
    .onConflictDoNothing();
}

/** The demo users' datasets; needs the demo partners and users (seed-demo.ts) first. */
export async function seedDemoData(db: Db, keys: Keys, now: Date): Promise<void> {
  const { encryption } = keys;
  await seedTravel(db, encryption, now);
  await seedBusiness(db, now);
  await seedIdentity(db, keys);
}

/** The operator command that delays the travel demo user's next flight, for the start banner. */
export async function demoDelayCommand(db: Db, now: Date): Promise<string | undefined> {
  const flight = await demoFlightToDelay(db, await demoUserId(db, 'travel'), now);
  return (
    flight &&
    `npm run sim -- flight delay ${flight.flightNumber} ${flight.embarkDate} --minutes 180`
  );
}
