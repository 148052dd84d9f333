import { count } from 'drizzle-orm';
import {
  claimDocumentSchema,
  claimsContracts,
  documentsContracts,
  insuredItemListSchema,
  payoutsContracts,
  type InsuredItem,
  type TriggerType,
} from '@tern/domain';
import { itemAlerts } from '../src/modules/claims/tables.ts';
import { bankBrowser } from '../src/providers/open-banking/simulator/bank-browser.ts';
import {
  DEFAULT_TRIGGER_SOURCES,
  recordTrigger,
} from '../src/providers/parametric-triggers/simulator/index.ts';
import type { TestContext } from './app.ts';
import { callAs } from './calls.ts';
import { pdf } from './photos.ts';
import type { SignedIn } from './sign-in.ts';

/**
 * Connects `who`'s bank as the customer would: the consent journey started, the simulated
 * bank's page answered (the first account ticked), and what it sent back handed to the API.
 */
export async function connectBank(t: TestContext, who: SignedIn): Promise<InsuredItem[]> {
  const call = callAs(t);
  const start = await call(claimsContracts.startConsent, who, { body: {} });
  if (start.statusCode !== 201) throw new Error(`start: ${start.statusCode} ${start.body}`);
  const { consentId, authorizeUrl } = start.json();
  const back = await bankBrowser(t.app).answer(authorizeUrl, 'allow');
  const done = await call(claimsContracts.completeConsent, who, {
    params: { consentId },
    body: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
  });
  if (done.statusCode !== 200) throw new Error(`complete: ${done.statusCode} ${done.body}`);
  return insuredItemListSchema.parse(done.json());
}

/** How many claims there are, all users'. */
export async function openedClaims(t: TestContext): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(itemAlerts);
  return row!.n;
}

/** An event in the simulated trigger feed, measured now unless `at` says when. */
export async function trigger(
  t: TestContext,
  event: { businessRef: string; type: TriggerType; measuredValue: number; at?: string },
) {
  return recordTrigger(t.database.db, {
    businessRef: event.businessRef,
    type: event.type,
    measuredValue: event.measuredValue,
    source: DEFAULT_TRIGGER_SOURCES[event.type],
    at: event.at ? new Date(event.at) : t.clock.now(),
  });
}

/**
 * A dispute file as the portal sends it: a stream URL asked for, the bytes PUT to it, then
 * attached to the claim's month. Answers the attached file, or (`ok: false`) the attach
 * call's answer, for refusals.
 */
export async function uploadDisputeFile(
  t: TestContext,
  who: SignedIn,
  at: { itemId: string; alertId: string; year: number; month: number; name: string },
  ok?: true,
): Promise<ReturnType<typeof claimDocumentSchema.parse>>;
export async function uploadDisputeFile(
  t: TestContext,
  who: SignedIn,
  at: { itemId: string; alertId: string; year: number; month: number; name: string },
  ok: false,
): Promise<Awaited<ReturnType<TestContext['app']['inject']>>>;
export async function uploadDisputeFile(
  t: TestContext,
  who: SignedIn,
  at: { itemId: string; alertId: string; year: number; month: number; name: string },
  ok = true,
) {
  const call = callAs(t);
  const link = await call(documentsContracts.streamUrl, who, {
    params: { id: who.userId },
    query: { documentName: at.name },
  });
  if (link.statusCode !== 200) throw new Error(`stream-url: ${link.statusCode} ${link.body}`);
  const { documentId, url } = link.json();
  const put = await t.app.inject({
    method: 'PUT',
    url,
    payload: pdf(),
    headers: { 'content-type': 'application/pdf' },
  });
  if (put.statusCode !== 201) throw new Error(`upload: ${put.statusCode} ${put.body}`);
  const attached = await call(claimsContracts.attach, who, {
    params: { itemId: at.itemId, alertId: at.alertId },
    query: { name: at.name },
    body: { documentId, year: at.year, month: at.month },
  });
  if (!ok) return attached;
  if (attached.statusCode !== 201)
    throw new Error(`attach: ${attached.statusCode} ${attached.body}`);
  return claimDocumentSchema.parse(attached.json());
}

/**
 * A British business account added as Harbour Mutual's customers add one: through the
 * payment-rails supplier's hosted page. Answers its payout method id.
 */
export async function addBusinessAccount(t: TestContext, who: SignedIn): Promise<string> {
  const call = callAs(t);
  const widget = await call(payoutsContracts.widget, who, {
    query: { userId: who.userId, lang: 'en' },
  });
  const page = new URL(widget.json().url as string).pathname;
  const added = await t.app.inject({
    method: 'POST',
    url: page,
    payload: {
      description: 'Café current account',
      legalType: 'BUSINESS',
      sortCode: '089999',
      accountNumber: '66374958',
      emailAddress: 'owner@example.com',
    },
  });
  if (added.statusCode !== 201) throw new Error(`account: ${added.statusCode} ${added.body}`);
  const methods = (
    await call(payoutsContracts.methods, who, { query: { userId: who.userId } })
  ).json();
  return (methods as { payoutMethodId: string; currency: string }[]).find(
    (m) => m.currency === 'GBP',
  )!.payoutMethodId;
}
