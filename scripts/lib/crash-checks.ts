import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type pg from 'pg';
import type { CrashWorld } from './crash-world.ts';
import type { Receipt } from './crash-receiver.ts';
import { predictionIn, type Ledger } from './crash-writers.ts';

/**
 * What the crash test checks after each restart, read from the database, the documents'
 * directory and the partner's receiver. Each check answers the failures it found (empty:
 * passed); `Findings` also counts what is worth saying but no failure.
 */
export interface Findings {
  /** Check name → its failures. */
  failures: Map<string, string[]>;
  /** Webhooks received again because a kill came between the receiver's answer and the record. */
  webhookRepeats: number;
  /** Partial files (`*.part`) a kill left in the store, referenced by nothing. */
  partialFiles: number;
  /** Whole files no document names (stored, then killed before the row was written). */
  unreferencedFiles: number;
}

export const CHECKS = [
  'registrations present',
  'trips present',
  'uploads present and whole',
  'no stored file half-written',
  'claims datasets present',
  'payments present, once per key',
  'no payment sent to the rail twice',
  'webhook events recorded',
  'no webhook delivered twice',
] as const;
type Check = (typeof CHECKS)[number];

/** Lists some of a long list of failures. */
const some = (items: string[], max = 5) =>
  items.length <= max ? items : [...items.slice(0, max), `… and ${items.length - max} more`];

const sha256Of = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

/** Every file under `root`, as paths relative to it. */
function filesUnder(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else found.push(relative(root, path));
    }
  };
  walk(root);
  return found;
}

export async function checkAfterRestart(options: {
  client: pg.Client;
  ledger: Ledger;
  world: CrashWorld;
  receipts: readonly Receipt[];
  /** The life of Tern now running: every earlier one was killed. */
  generation: number;
  documentsRoot: string;
}): Promise<Findings> {
  const { client, ledger, world, receipts, generation, documentsRoot } = options;
  const failures = new Map<string, string[]>(CHECKS.map((name) => [name, []]));
  const fail = (check: Check, what: string) => failures.get(check)!.push(what);
  const rows = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
    (await client.query<T>(text, values)).rows;

  for (const problem of ledger.problems) fail('payments present, once per key', problem);

  // Registrations: each acknowledged account is there.
  const emails = new Set(
    (
      await rows<{ email: string }>(
        'select email_address as email from users where email_address = any($1)',
        [ledger.registrations],
      )
    ).map((r) => r.email),
  );
  for (const email of ledger.registrations)
    if (!emails.has(email)) fail('registrations present', `no account ${email}`);

  // Trips: each acknowledged trip is there, with its flight.
  const trips = new Map(
    (
      await rows<{ id: string; user_id: string; flights: number }>(
        `select t.id, t.user_id, (select count(*)::int from flights f where f.trip_id = t.id) as flights
           from trips t where t.id = any($1)`,
        [ledger.trips.map((t) => t.tripId)],
      )
    ).map((r) => [r.id, r]),
  );
  for (const trip of ledger.trips) {
    const row = trips.get(trip.tripId);
    if (!row) fail('trips present', `no trip ${trip.tripId}`);
    else if (row.user_id !== trip.userId || row.flights !== 1)
      fail('trips present', `trip ${trip.tripId}: user ${row.user_id}, ${row.flights} flights`);
  }

  // Uploads: each acknowledged file is there, every byte as sent; and no document names a
  // file that is missing or shorter or longer than recorded.
  const documents = await rows<{ id: string; state: string; size: string; storage_key: string }>(
    `select id, state, size::text, storage_key from documents where state in ('scanning', 'clean')`,
  );
  const byId = new Map(documents.map((d) => [d.id, d]));
  for (const upload of ledger.uploads) {
    const row = byId.get(upload.documentId);
    if (!row) {
      fail('uploads present and whole', `no stored document ${upload.documentId}`);
      continue;
    }
    const path = join(documentsRoot, row.storage_key);
    if (Number(row.size) !== upload.size)
      fail(
        'uploads present and whole',
        `${upload.documentId}: ${row.size} bytes recorded, ${upload.size} sent`,
      );
    else if (sha256Of(path) !== upload.sha256)
      fail('uploads present and whole', `${upload.documentId}: its bytes are not those sent`);
  }
  for (const row of documents) {
    let size: number | undefined;
    try {
      size = statSync(join(documentsRoot, row.storage_key)).size;
    } catch {
      size = undefined;
    }
    if (size !== Number(row.size))
      fail(
        'no stored file half-written',
        `document ${row.id} (${row.state}): ${row.size} bytes recorded, ${size ?? 'no'} file bytes`,
      );
  }
  const keys = new Set(
    (await rows<{ storage_key: string }>('select storage_key from documents')).map(
      (r) => r.storage_key,
    ),
  );
  const files = filesUnder(documentsRoot);
  const partialFiles = files.filter((f) => f.endsWith('.part')).length;
  const unreferencedFiles = files.filter((f) => !f.endsWith('.part') && !keys.has(f)).length;

  // Claims datasets: the prediction stored is the last one acknowledged, or one sent after it
  // and never answered; every acknowledged save is on the claim's timeline.
  const [alert] = await rows<{ datasets: { datasetId: string; data: { revenue: number }[] }[] }>(
    'select datasets from item_alerts where id = $1',
    [world.claim.alertId],
  );
  const dataset = alert?.datasets.find((d) => d.datasetId === world.claim.datasetId);
  const stored = dataset ? predictionIn(dataset.data.map((row) => row.revenue)) : undefined;
  const last = ledger.predictions.at(-1);
  const allowed = [last, ...ledger.predictionsUnanswered];
  if (!allowed.includes(stored))
    fail(
      'claims datasets present',
      `the claim holds prediction ${stored ?? 'none'}, the last acknowledged is ${last ?? 'none'}`,
    );
  const totals = new Set(
    (
      await rows<{ total: number }>(
        `select (details->>'total')::bigint as total from claim_events
          where alert_id = $1 and kind = 'prediction-saved'`,
        [world.claim.alertId],
      )
    ).map((r) => Number(r.total)),
  );
  const months = world.claim.periods.length;
  for (const n of ledger.predictions) {
    const total = n * 1000 * months + (months * (months - 1)) / 2;
    if (!totals.has(total))
      fail('claims datasets present', `prediction ${n} is not on the timeline`);
  }

  // Payments: each acknowledged payment is there under its key, one payment per key; the
  // rail (the payout simulator's own ledger, one row per transfer) holds at most one transfer
  // per payment, for its amount, and it is the one the payment records.
  const payments = await rows<{
    id: string;
    idempotency_key: string;
    amount: string;
    status: string;
    provider_reference: string | null;
    resent_at: Date | null;
  }>(
    `select id, idempotency_key, amount::text, status, provider_reference, resent_at
       from payments`,
  );
  const perKey = new Map<string, typeof payments>();
  for (const p of payments.filter((p) => p.idempotency_key.startsWith('crash-')))
    perKey.set(p.idempotency_key, [...(perKey.get(p.idempotency_key) ?? []), p]);
  for (const [key, found] of perKey)
    if (found.length > 1)
      fail('payments present, once per key', `${found.length} payments for key ${key}`);
  for (const acked of ledger.payments) {
    const found = perKey.get(acked.idempotencyKey)?.[0];
    if (!found)
      fail('payments present, once per key', `no payment for key ${acked.idempotencyKey}`);
    else if (found.id !== acked.paymentId || Number(found.amount) !== acked.amount)
      fail(
        'payments present, once per key',
        `key ${acked.idempotencyKey}: payment ${found.id} of ${found.amount}`,
      );
  }
  const transfers = await rows<{ idempotency_key: string; reference: string; amount: string }>(
    'select idempotency_key, reference, amount::text from sim_payout_transfers',
  );
  const paymentOf = new Map(payments.map((p) => [p.id, p]));
  const transfersOf = new Map<string, typeof transfers>();
  for (const transfer of transfers) {
    // A payment's transfer key is its id (`<id>:resent` for its resend).
    const paymentId = transfer.idempotency_key.split(':')[0]!;
    const payment = paymentOf.get(paymentId);
    if (!payment) {
      fail('no payment sent to the rail twice', `transfer ${transfer.reference} pays no payment`);
      continue;
    }
    transfersOf.set(paymentId, [...(transfersOf.get(paymentId) ?? []), transfer]);
    if (Number(transfer.amount) !== Number(payment.amount))
      fail(
        'no payment sent to the rail twice',
        `transfer ${transfer.reference}: ${transfer.amount}, payment ${payment.amount}`,
      );
  }
  for (const payment of payments) {
    const sent = transfersOf.get(payment.id) ?? [];
    if (sent.length > (payment.resent_at ? 2 : 1))
      fail('no payment sent to the rail twice', `payment ${payment.id}: ${sent.length} transfers`);
    if (
      payment.provider_reference &&
      !sent.some((transfer) => transfer.reference === payment.provider_reference)
    )
      fail(
        'no payment sent to the rail twice',
        `payment ${payment.id} records a transfer the rail has not`,
      );
    if ((payment.status === 'sent' || payment.status === 'settled') && sent.length === 0)
      fail(
        'no payment sent to the rail twice',
        `payment ${payment.id} is ${payment.status}, the rail has no transfer`,
      );
  }

  // Webhook events: each acknowledged trip raised its event in its own commit.
  const covered = new Set(
    (
      await rows<{ trip_id: string }>(
        `select (body::jsonb)->'data'->>'tripId' as trip_id from webhook_events
          where type = 'trip.covered' and exists (select 1 from webhook_deliveries d where d.event_id = webhook_events.id)`,
      )
    ).map((r) => r.trip_id),
  );
  for (const trip of ledger.trips)
    if (!covered.has(trip.tripId))
      fail('webhook events recorded', `no trip.covered delivery for trip ${trip.tripId}`);

  // Webhooks delivered: a delivery recorded as succeeded is never posted again, and none is
  // recorded succeeded twice. A post the receiver answered but a kill cut before its record is
  // sent again after the restart (at least once, as Standard Webhooks receivers expect, by
  // webhook-id): allowed once per killed life of Tern, never in the life still running.
  const received = new Map<string, Receipt[]>();
  for (const receipt of receipts)
    received.set(receipt.webhookId, [...(received.get(receipt.webhookId) ?? []), receipt]);
  const attempts = await rows<{ delivery_id: string; at: Date; duration_ms: number }>(
    `select delivery_id, at, duration_ms from webhook_attempts
      where delivery_id = any($1) and http_status between 200 and 299`,
    [[...received.keys()]],
  );
  const succeeded = new Map<string, typeof attempts>();
  for (const a of attempts)
    succeeded.set(a.delivery_id, [...(succeeded.get(a.delivery_id) ?? []), a]);
  let webhookRepeats = 0;
  // How far the receiver's clock may be from the attempt's record: the same machine's clock.
  const SLACK_MS = 2_000;
  for (const [webhookId, got] of received) {
    const successes = succeeded.get(webhookId) ?? [];
    if (successes.length > 1)
      fail(
        'no webhook delivered twice',
        `delivery ${webhookId} recorded as succeeded ${successes.length} times`,
      );
    const success = successes[0];
    const end = success ? success.at.getTime() + success.duration_ms + SLACK_MS : undefined;
    const recorded = success
      ? got.find((r) => r.at >= success.at.getTime() - SLACK_MS && r.at <= end!)
      : undefined;
    const others = got.filter((r) => r !== recorded);
    webhookRepeats += got.length - 1;
    const lives = new Set<number>();
    for (const r of others) {
      if (end !== undefined && r.at > end)
        fail(
          'no webhook delivered twice',
          `delivery ${webhookId} (${r.type}) posted again after it succeeded`,
        );
      // In the life still running, a post not recorded yet may be in flight (its record not
      // committed when the check reads): it is judged later, once recorded or killed.
      else if (lives.has(r.generation) || (r.generation === generation && success))
        fail(
          'no webhook delivered twice',
          `delivery ${webhookId} (${r.type}) posted twice in life ${r.generation}`,
        );
      lives.add(r.generation);
    }
  }

  for (const [name, list] of failures) failures.set(name, some(list));
  return { failures, webhookRepeats, partialFiles, unreferencedFiles };
}

/**
 * After the last restart, with nothing killed any more: what every acknowledged write leads
 * to has happened — each payment settled with one transfer and its `payout.settled` received,
 * each trip's `trip.covered` received, each upload scanned clean. Answers what is still
 * missing (empty: all of it).
 */
export async function missingOutcomes(
  client: pg.Client,
  ledger: Ledger,
  receipts: readonly Receipt[],
): Promise<string[]> {
  const missing: string[] = [];
  const settled = new Set(
    (
      await client.query<{ id: string }>(
        `select id from payments where id = any($1) and status = 'settled'`,
        [ledger.payments.map((p) => p.paymentId)],
      )
    ).rows.map((r) => r.id),
  );
  const got = (type: string, field: string) =>
    new Set(receipts.filter((r) => r.type === type).map((r) => String(r.data[field])));
  const settledHooks = got('payout.settled', 'paymentId');
  const coveredHooks = got('trip.covered', 'tripId');
  for (const p of ledger.payments) {
    if (!settled.has(p.paymentId)) missing.push(`payment ${p.paymentId} not settled`);
    else if (!settledHooks.has(p.paymentId))
      missing.push(`payout.settled of ${p.paymentId} not received`);
  }
  for (const t of ledger.trips)
    if (!coveredHooks.has(t.tripId)) missing.push(`trip.covered of ${t.tripId} not received`);
  const clean = new Set(
    (
      await client.query<{ id: string }>(
        `select id from documents where id = any($1) and state = 'clean'`,
        [ledger.uploads.map((u) => u.documentId)],
      )
    ).rows.map((r) => r.id),
  );
  for (const u of ledger.uploads)
    if (!clean.has(u.documentId)) missing.push(`upload ${u.documentId} not scanned clean`);
  return missing;
}
