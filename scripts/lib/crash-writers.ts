import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  API_ROOT,
  accountsContracts,
  claimsContracts,
  documentsContracts,
  payoutsContracts,
  travelContracts,
  urlFor,
  type ContractDef,
} from '@tern/domain';
import type { CrashWorld } from './crash-world.ts';
import { directFlights } from './travel-bench.ts';
import { registration, travel } from './world.ts';

/**
 * The crash test's writers: one loop per kind of write, each over HTTP as Tern's clients make
 * them, writing down every write Tern acknowledged (and every one sent without an answer)
 * in the ledger the checks read after each restart. A writer stops when Tern is gone.
 */

/** A customer registered by a writer: their session, which outlives restarts. */
interface Customer {
  userId: string;
  headers: Record<string, string>;
}

/** What Tern acknowledged, kind by kind; what was sent and never answered; what was wrong. */
export interface Ledger {
  registrations: string[];
  trips: { tripId: string; userId: string }[];
  uploads: { documentId: string; size: number; sha256: string }[];
  /** An upload sent and never answered, and what sending it again after the restart answered. */
  uploadUnanswered: Upload | undefined;
  uploadRetries: Map<number, number>;
  /** The revenue predictions saved (the n of each, in order; see `predictionOf`). */
  predictions: number[];
  /** Predictions sent after the last one acknowledged and never answered. */
  predictionsUnanswered: number[];
  payments: { paymentId: string; idempotencyKey: string; amount: number }[];
  /** Payment requests sent and never answered: the partner asks again, same key, same body. */
  paymentsUnanswered: Map<string, PaymentRequest>;
  /** The same idempotency key asked again and answered (it must answer the same payment). */
  paymentRepeats: number;
  /** Answers that break a rule on the spot (a repeat answering another payment, a size). */
  problems: string[];
  /** The first refusal of each kind, said once: a writer refused all along writes nothing. */
  refused: Map<string, string>;
}

export const newLedger = (): Ledger => ({
  registrations: [],
  trips: [],
  uploads: [],
  uploadUnanswered: undefined,
  uploadRetries: new Map(),
  predictions: [],
  predictionsUnanswered: [],
  payments: [],
  paymentsUnanswered: new Map(),
  paymentRepeats: 0,
  problems: [],
  refused: new Map(),
});

interface Upload {
  documentId: string;
  /** The signed upload URL, below the API root. */
  url: string;
  bytes: Buffer;
}

interface PaymentRequest {
  userId: string;
  amount: number;
  currency: string;
  reason: string;
  idempotencyKey: string;
}

/** The revenue of each month of the n-th prediction: n thousands, plus the month's place. */
const predictionOf = (n: number, months: number) =>
  Array.from({ length: months }, (_, i) => n * 1000 + i);

/** Which prediction a saved dataset holds (undefined: none saved yet). */
export const predictionIn = (revenues: number[]): number | undefined =>
  revenues.length === 0 ? undefined : Math.floor(revenues[0]! / 1000);

/** A PDF as file-type reads one, of `size` bytes, its body random (nothing a scanner flags). */
function pdfOf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  const tail = Buffer.from('\n%%EOF\n');
  const body = randomBytes(size - head.length - tail.length);
  return Buffer.concat([head, body, tail]);
}

const hashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Trips a customer may have open at once (409 MAX_TRIPS_EXCEEDED past it). */
const TRIPS_PER_CUSTOMER = 30;
/** Upload sizes: large enough that a kill often lands while the bytes arrive. */
const UPLOAD_BYTES = { min: 200_000, max: 4_000_000 };

/**
 * The writers of one run, their state (customers, counters) kept from one life of Tern to the
 * next. `writeAll(port, until)` runs one loop of each kind until `until` or until Tern is gone.
 */
export function crashWriters(world: CrashWorld, prefix: string, ledger: Ledger) {
  const runId = randomBytes(4).toString('hex');
  let nextPolicy = 0;
  let nextPrediction = 1;
  let nextPayment = 1;
  let businessHeaders: Record<string, string> | undefined;
  const customers: Partial<Record<'trips' | 'uploads', { customer: Customer; used: number }>> = {};
  // Flights weeks ahead, one a customer's trip: a customer books each once.
  const flights = directFlights(40, TRIPS_PER_CUSTOMER).map(({ option }) => ({
    flightNumber: option.flightNumber,
    embarkDate: option.embarkDate,
    origin: option.origin,
  }));

  const travelKey = { 'api-key': world.travelKey };

  /** One call; throws when no answer comes (Tern is gone). */
  async function call(
    port: number,
    contract: ContractDef,
    options: {
      params?: Record<string, unknown>;
      query?: Record<string, string>;
      headers: Record<string, string>;
      body?: unknown;
    },
  ) {
    const url = `http://127.0.0.1:${port}${urlFor(API_ROOT, contract, options.params ?? {}, options.query)}`;
    const response = await fetch(url, {
      method: contract.method,
      headers: {
        ...options.headers,
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, text, json: () => JSON.parse(text) as unknown };
  }

  const refused = (kind: string, status: number, text: string) => {
    if (!ledger.refused.has(kind)) ledger.refused.set(kind, `${status} ${text.slice(0, 200)}`);
  };

  /** Registers a new travel customer; answers their session, or undefined when refused. */
  async function register(port: number): Promise<Customer | undefined> {
    const body = registration(prefix, nextPolicy++);
    const res = await call(port, accountsContracts.register, {
      params: { partnerId: travel.id },
      headers: travelKey,
      body,
    });
    if (res.status !== 201) {
      refused('registration', res.status, res.text);
      return undefined;
    }
    ledger.registrations.push(body.emailAddress);
    const { userId, token } = res.json() as { userId: string; token: string };
    return { userId, headers: { ...travelKey, authorization: `Bearer ${token}` } };
  }

  /** The writer's customer, a new one once `per` writes have used the last. */
  async function customerFor(port: number, kind: 'trips' | 'uploads', per: number) {
    const held = customers[kind];
    if (held && held.used < per) return held;
    const customer = await register(port);
    if (!customer) return undefined;
    customers[kind] = { customer, used: 0 };
    return customers[kind];
  }

  /** PUTs an upload's bytes through its link; answers the status. */
  async function put(port: number, upload: Upload, retry = false): Promise<number> {
    ledger.uploadUnanswered = upload;
    const res = await fetch(`http://127.0.0.1:${port}${upload.url}`, {
      method: documentsContracts.upload.method,
      headers: { 'content-type': 'application/pdf' },
      body: new Uint8Array(upload.bytes),
    });
    const text = await res.text();
    ledger.uploadUnanswered = undefined;
    if (res.status !== 201) {
      if (!retry) refused('upload', res.status, text);
      return res.status;
    }
    const stored = JSON.parse(text) as { size: number };
    if (stored.size !== upload.bytes.length)
      ledger.problems.push(
        `upload ${upload.documentId}: ${upload.bytes.length} bytes sent, ${stored.size} acknowledged`,
      );
    ledger.uploads.push({
      documentId: upload.documentId,
      size: upload.bytes.length,
      sha256: hashOf(upload.bytes),
    });
    return res.status;
  }

  const writers = {
    async registrations(port: number) {
      await register(port);
    },

    /** Blink it: a trip of one flight for the writer's customer. */
    async trips(port: number) {
      const held = await customerFor(port, 'trips', TRIPS_PER_CUSTOMER);
      if (!held) return;
      const flight = flights[held.used]!;
      // Counted before the answer: a trip sent without one may exist, and is not booked again.
      held.used += 1;
      const res = await call(port, travelContracts.blinkIt, {
        headers: held.customer.headers,
        body: { flights: [flight], passengers: 1 },
      });
      if (res.status !== 201) return refused('trip', res.status, res.text);
      const { tripId } = res.json() as { tripId: string };
      ledger.trips.push({ tripId, userId: held.customer.userId });
    },

    /**
     * A claim-dispute PDF through a signed upload URL: the URL, then the PUT of its bytes. An
     * upload a kill left unanswered is sent again first, through its link, as a client would.
     */
    async uploads(port: number) {
      const unanswered = ledger.uploadUnanswered;
      if (unanswered) {
        ledger.uploadUnanswered = undefined;
        const status = await put(port, unanswered, true);
        ledger.uploadRetries.set(status, (ledger.uploadRetries.get(status) ?? 0) + 1);
      }
      const held = await customerFor(port, 'uploads', 50);
      if (!held) return;
      held.used += 1;
      const link = await call(port, documentsContracts.streamUrl, {
        params: { id: held.customer.userId },
        query: { documentName: 'receipts.pdf' },
        headers: held.customer.headers,
      });
      if (link.status !== 200) return refused('upload link', link.status, link.text);
      const { documentId, url } = link.json() as { documentId: string; url: string };
      await put(port, {
        documentId,
        url,
        bytes: pdfOf(randomInt(UPLOAD_BYTES.min, UPLOAD_BYTES.max)),
      });
    },

    /** The business customer saves their revenue prediction of the café's claim again. */
    async predictions(port: number) {
      if (!businessHeaders) {
        const res = await call(port, accountsContracts.login, {
          headers: { 'api-key': world.businessKey },
          body: world.businessLogin,
        });
        if (res.status !== 200) return refused('business login', res.status, res.text);
        const { token } = res.json() as { token: string };
        businessHeaders = { 'api-key': world.businessKey, authorization: `Bearer ${token}` };
      }
      const { claim } = world;
      const n = nextPrediction++;
      const revenues = predictionOf(n, claim.periods.length);
      ledger.predictionsUnanswered.push(n);
      const res = await call(port, claimsContracts.updateDataset, {
        params: { itemId: claim.itemId, alertId: claim.alertId, datasetId: claim.datasetId },
        headers: businessHeaders,
        body: {
          data: claim.periods.map((period, i) => ({ ...period, revenue: revenues[i] })),
          completed: false,
        },
      });
      // Answered: it is no longer unknown whether this one was stored.
      ledger.predictionsUnanswered.pop();
      if (res.status !== 200) return refused('prediction', res.status, res.text);
      ledger.predictions.push(n);
      ledger.predictionsUnanswered.length = 0;
    },

    /**
     * The partner's back end pays the demo customer: requests left unanswered by a kill are
     * asked again first (same key, same body, as a partner retries), then a new one; one in
     * five turns also asks again for a payment already answered.
     */
    async payments(port: number) {
      const headers = { ...travelKey, authorization: `Bearer ${world.travelSecret}` };
      const ask = async (request: PaymentRequest) => {
        ledger.paymentsUnanswered.set(request.idempotencyKey, request);
        const res = await call(port, payoutsContracts.send, { headers, body: request });
        ledger.paymentsUnanswered.delete(request.idempotencyKey);
        if (res.status !== 202) return refused('payment', res.status, res.text);
        const { paymentId } = res.json() as { paymentId: string };
        const known = ledger.payments.find((p) => p.idempotencyKey === request.idempotencyKey);
        if (!known)
          ledger.payments.push({
            paymentId,
            idempotencyKey: request.idempotencyKey,
            amount: request.amount,
          });
        else {
          ledger.paymentRepeats += 1;
          if (known.paymentId !== paymentId)
            ledger.problems.push(
              `payment key ${request.idempotencyKey} answered ${paymentId}, first ${known.paymentId}`,
            );
        }
      };
      for (const request of [...ledger.paymentsUnanswered.values()]) await ask(request);
      const n = nextPayment++;
      const request = {
        userId: world.payee.userId,
        amount: 100 + n,
        currency: world.payee.currency,
        reason: `Crash test payment ${n}`,
        idempotencyKey: `crash-${runId}-${n}`,
      };
      await ask(request);
      if (n % 5 === 0 && ledger.payments.length > 0) {
        const again = ledger.payments[randomInt(ledger.payments.length)]!;
        const n0 = Number(again.idempotencyKey.split('-').at(-1));
        await ask({
          ...request,
          amount: 100 + n0,
          reason: `Crash test payment ${n0}`,
          idempotencyKey: again.idempotencyKey,
        });
      }
    },
  };

  return {
    kinds: Object.keys(writers) as (keyof typeof writers)[],
    /** One loop of each kind until `until.at` (which may move), or until Tern stops answering. */
    writeAll(port: number, until: { at: number }) {
      return Promise.all(
        Object.values(writers).map(async (write) => {
          try {
            while (Date.now() < until.at) await write(port);
          } catch {
            // No answer: Tern is gone.
          }
        }),
      );
    },
  };
}
