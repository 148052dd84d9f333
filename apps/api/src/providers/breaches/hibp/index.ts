import { setTimeout as wait } from 'node:timers/promises';
import { z } from 'zod';
import { normalizeEmail } from '@tern/domain';
import type { Clock } from '../../../lib/clock.ts';
import type { Breach, BreachSourcePort } from '../port.ts';

/** A source that has not answered by then has failed; the caller (a scan job) retries. */
const TIMEOUT_MS = 10_000;
/** HIBP wants a user agent naming the consumer: requests without one are refused (403). */
export const HIBP_USER_AGENT = 'Tern-Identity-Monitoring/1.0 (breach source adapter)';
/** The longest `retry-after` waited out in a call; a longer one fails the call at once. */
const MAX_RETRY_WAIT_MS = 30_000;
/** How long the list of every breach (about a megabyte) is reused between readings. */
const LIST_TTL_MS = 60_000;

/** A breach as HIBP's API v3 answers it (`truncateResponse=false`; unknown fields kept). */
const hibpBreachSchema = z.looseObject({
  Name: z.string().min(1),
  Title: z.string(),
  Domain: z.string().nullish(),
  /** `2013-10-04`: a date, often approximate. */
  BreachDate: z.string().nullish(),
  /** `2013-12-04T00:00Z`: to the minute. */
  AddedDate: z.string().refine((text) => !Number.isNaN(Date.parse(text))),
  ModifiedDate: z.string().nullish(),
  PwnCount: z.number().nullish(),
  /** HTML: links to the source's write-up. */
  Description: z.string().nullish(),
  DataClasses: z.array(z.string()).nullish(),
  IsVerified: z.boolean(),
  IsFabricated: z.boolean().default(false),
  IsSensitive: z.boolean().default(false),
  IsSpamList: z.boolean().default(false),
});
/** A breach in HIBP's shape, as recorded answers hold it. */
export type HibpBreach = z.input<typeof hibpBreachSchema>;
const hibpBreachesSchema = z.array(hibpBreachSchema);

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** HIBP's PascalCase breach as the port's. */
const toBreach = (entry: z.infer<typeof hibpBreachSchema>): Breach => ({
  name: entry.Name,
  title: entry.Title,
  domain: entry.Domain ?? '',
  breachDate:
    entry.BreachDate && DATE.test(entry.BreachDate) && !Number.isNaN(Date.parse(entry.BreachDate))
      ? entry.BreachDate
      : null,
  addedDate: new Date(entry.AddedDate).toISOString(),
  dataClasses: entry.DataClasses ?? [],
  description: entry.Description ?? '',
  isVerified: entry.IsVerified,
  isFabricated: entry.IsFabricated,
  isSpamList: entry.IsSpamList,
  isSensitive: entry.IsSensitive,
});

/** HIBP asked too often: `retryAfterSeconds` is when it will answer again. */
export class HibpRateLimitError extends Error {
  constructor(
    what: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`${what} is rate-limited (HTTP 429): retry after ${retryAfterSeconds} s`);
    this.name = 'HibpRateLimitError';
  }
}

/** `retry-after` in seconds (a number of seconds, or an HTTP date); 2 s when it says nothing usable. */
function retryAfterSeconds(header: string | null, now: Date): number {
  const text = header?.trim() ?? '';
  if (/^\d{1,9}$/.test(text)) return Number(text);
  const at = Date.parse(text);
  if (!Number.isNaN(at)) return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
  return 2;
}

/** A breach's place in the list: when it was added, then its name (HIBP gives minutes only). */
const keyOf = (breach: Breach) => `${breach.addedDate}|${breach.name}`;
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|(.+)$/;
const compareKeys = (a: { added: string; name: string }, b: { added: string; name: string }) =>
  a.added < b.added ? -1 : a.added > b.added ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;

/**
 * The breach source over Have I Been Pwned's API v3 (https://haveibeenpwned.com/API/v3), for
 * email addresses: `lookup` asks `GET /breachedaccount/{account}?truncateResponse=false` with
 * the subscription's key in `hibp-api-key`, and `since` reads `GET /breaches` (every breach,
 * in no set order) from the cursor: the added date and name of the last breach read. HIBP
 * keeps no breach's addresses for others to read, so `records` gives none: a new breach is
 * matched by looking up each monitored address again.
 *
 * A 429 is waited out once for its `retry-after` (up to 30 s), then fails with
 * HibpRateLimitError; any other failure throws with the status only. Neither the key nor the
 * address asked about is in any error: the URL holds the address, and an error page may echo
 * the request, so neither is shown.
 *
 * Not read: HIBP's ModifiedDate. A breach HIBP adds accounts to later is not offered again.
 */
export function hibpBreachSource(deps: {
  baseUrl: string;
  apiKey: string;
  clock: Clock;
  /** How a `retry-after` is waited out (tests pass their own). */
  sleep?: (ms: number) => Promise<unknown>;
  maxRetryWaitMs?: number;
  listTtlMs?: number;
}): BreachSourcePort {
  const root = new URL(deps.baseUrl).href.replace(/\/+$/, '');
  const sleep = deps.sleep ?? ((ms: number) => wait(ms));
  const maxWaitMs = deps.maxRetryWaitMs ?? MAX_RETRY_WAIT_MS;
  const listTtlMs = deps.listTtlMs ?? LIST_TTL_MS;

  /**
   * The answer to a GET, a 429 waited out once. `what` names the call in errors: never the
   * address asked about.
   */
  async function get(path: string, what: string, headers: Record<string, string>) {
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(`${root}${path}`, {
          headers: { 'user-agent': HIBP_USER_AGENT, accept: 'application/json', ...headers },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        const e = error as Error & { cause?: { code?: string } };
        const why =
          e.name === 'TimeoutError'
            ? `no answer within ${TIMEOUT_MS / 1000} s`
            : (e.cause?.code ?? e.name);
        throw new Error(`${what} failed: ${why}`);
      }
      if (response.status !== 429) return response;
      await response.body?.cancel();
      const seconds = retryAfterSeconds(response.headers.get('retry-after'), deps.clock.now());
      if (attempt > 0 || seconds * 1000 > maxWaitMs) throw new HibpRateLimitError(what, seconds);
      await sleep(seconds * 1000);
    }
  }

  /** The body as breaches; a failure says which call, never the body (it may echo the request). */
  async function breachesIn(response: Response, what: string): Promise<Breach[]> {
    if (!response.ok) {
      await response.body?.cancel();
      const why =
        response.status === 401
          ? ': the hibp-api-key was refused'
          : response.status === 403
            ? ': refused (user agent or subscription)'
            : '';
      throw new Error(`${what} failed: HTTP ${response.status}${why}`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new Error(`${what} answered something other than JSON`);
    }
    const parsed = hibpBreachesSchema.safeParse(body);
    if (!parsed.success) throw new Error(`${what} answered an unexpected shape`);
    return parsed.data.map(toBreach);
  }

  let cached: { at: number; breaches: Breach[] } | null = null;
  /** Every breach HIBP knows, oldest added first (ties by name), reused for LIST_TTL_MS. */
  async function everyBreach(): Promise<Breach[]> {
    const now = deps.clock.now().getTime();
    if (cached && now - cached.at < listTtlMs) return cached.breaches;
    const what = 'Have I Been Pwned breaches';
    // The list is public: the key is not sent where it is not needed.
    const breaches = await breachesIn(await get('/breaches', what, {}), what);
    breaches.sort((a, b) =>
      compareKeys({ added: a.addedDate, name: a.name }, { added: b.addedDate, name: b.name }),
    );
    cached = { at: now, breaches };
    return breaches;
  }

  return {
    lookupTypes: ['EMAIL_ADDRESS'],
    hasRecords: false,

    async since(cursor, limit) {
      let after: { added: string; name: string } | null = null;
      if (cursor !== null) {
        const match = CURSOR.exec(cursor);
        if (!match) throw new Error(`Not a cursor of Have I Been Pwned's breaches: ${cursor}`);
        after = { added: match[1]!, name: match[2]! };
      }
      const breaches = (await everyBreach()).filter(
        (b) => after === null || compareKeys({ added: b.addedDate, name: b.name }, after) > 0,
      );
      const page = breaches.slice(0, Math.max(0, limit));
      const last = page.at(-1);
      return { breaches: page, cursor: last ? keyOf(last) : cursor };
    },

    async records() {
      return { records: [], cursor: null };
    },

    async lookup(dataType, value) {
      if (dataType !== 'EMAIL_ADDRESS') return [];
      const account = normalizeEmail(value);
      if (!account) return [];
      const what = 'Have I Been Pwned breachedaccount';
      const response = await get(
        `/breachedaccount/${encodeURIComponent(account)}?truncateResponse=false`,
        what,
        { 'hibp-api-key': deps.apiKey },
      );
      // 404: the address is in no breach HIBP knows.
      if (response.status === 404) {
        await response.body?.cancel();
        return [];
      }
      return breachesIn(response, what);
    },
  };
}
