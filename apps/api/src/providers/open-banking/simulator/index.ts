import { DAY_MS } from '@tern/domain';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import { ConsentUnavailableError } from '../errors.ts';
import type { MonthlyRevenue, OpenBankingPort } from '../port.ts';
import { CONSENT_PAGE_PATH } from './pages.ts';
import { parseDay, takings, type DisruptionsOf } from './revenue.ts';
import { consentStore } from './store.ts';

export { openBankingPages, CONSENT_PAGE_PATH } from './pages.ts';
export type { DisruptionsOf } from './revenue.ts';

export interface OpenBankingSimulatorDeps {
  db: Db;
  clock: Clock;
  /**
   * The parametric events at a business's premises (the trigger simulator's): each lowers
   * the business's takings for weeks after it. None when not given.
   */
  disruptions?: DisruptionsOf | undefined;
}

/** The most months one read may span: ten years, far more than any claim needs. */
const MAX_MONTHS = 120;

/** Months as one number (year × 12 + month − 1), so spans are a subtraction. */
const monthIndex = ({ year, month }: { year: number; month: number }): number => {
  if (!Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12)
    throw new RangeError(`Not a month: ${year}-${month}`);
  return year * 12 + month - 1;
};

/** The day numbers (days since 1970-01-01) of a month's first and last days. */
const daysOfMonth = (index: number) => {
  const year = Math.floor(index / 12);
  const month = index % 12;
  return {
    year,
    month: month + 1,
    first: Date.UTC(year, month, 1) / DAY_MS,
    last: Date.UTC(year, month + 1, 1) / DAY_MS - 1,
  };
};

/**
 * The embedded account-information provider: consents in PostgreSQL (`sim_bank_consents`),
 * given on its own page (`openBankingPages`, which the app registers), and the business's
 * takings from a model of the business and the date (`revenue.ts`), lowered after the events
 * `disruptions` reports. A day counts once it has closed on the clock (the next has begun),
 * so the same clock, events and consents always give the same figures.
 */
export function simulatedOpenBanking(deps: OpenBankingSimulatorDeps): OpenBankingPort {
  const { clock } = deps;
  const store = consentStore(deps.db);
  const disruptionsOf = deps.disruptions ?? (() => Promise.resolve([]));

  /** The consent, exchanged and not revoked, or why it may not be read. */
  const requireGranted = async (consentId: string) => {
    const row = await store.consent(consentId);
    if (!row) throw new ConsentUnavailableError(consentId, 'unknown');
    if (row.status === 'revoked') throw new ConsentUnavailableError(consentId, 'revoked');
    if (row.status !== 'exchanged') throw new ConsentUnavailableError(consentId, 'not-granted');
    return row;
  };
  /** The day number of the first day that has not closed: today on the clock. */
  const today = () => Math.floor(clock.now().getTime() / DAY_MS);

  return {
    async authorizeUrl(journey) {
      const redirect = new URL(journey.redirectUri);
      if (redirect.protocol !== 'https:' && redirect.protocol !== 'http:')
        throw new RangeError(`A return address must be http(s): ${journey.redirectUri}`);
      const row = await store.start(journey, clock.now());
      if (!row)
        throw new Error(`The consent journey of ${journey.consentRef} has been answered already`);
      // The bank lives in the API, which answers at every portal's origin: its page is at the
      // origin the customer comes back to, so it needs no address of its own to configure.
      const page = new URL(CONSENT_PAGE_PATH, redirect.origin);
      page.searchParams.set('journey', row.journeyId);
      return page.toString();
    },

    async exchange(code, journey) {
      const row = await store.exchange(journey, code, clock.now());
      if (!row) return null;
      return { providerConsentId: row.consentId, bankName: row.bankName!, accounts: row.accounts };
    },

    async monthlyRevenue(consentId, businessRef, from, to): Promise<MonthlyRevenue[]> {
      await requireGranted(consentId);
      const first = monthIndex(from);
      const last = monthIndex(to);
      if (last - first >= MAX_MONTHS)
        throw new RangeError(`At most ${MAX_MONTHS} months a read: ${last - first + 1} asked`);
      const closedBefore = today();
      const months = [];
      for (let index = first; index <= last; index++) {
        const month = daysOfMonth(index);
        if (month.last < closedBefore) months.push(month);
      }
      if (months.length === 0) return [];
      const disruptions = await disruptionsOf(businessRef);
      return months.map(({ year, month, first: start, last: end }) => ({
        year,
        month,
        revenue: takings(businessRef, start, end, disruptions),
      }));
    },

    async revenueBetween(consentId, businessRef, start, end) {
      await requireGranted(consentId);
      const first = parseDay(start);
      const last = parseDay(end);
      if (last < first)
        throw new RangeError(`A period that ends before it starts: ${start} to ${end}`);
      if (last - first >= MAX_MONTHS * 31)
        throw new RangeError(`At most ${MAX_MONTHS} months a read: ${start} to ${end}`);
      if (last >= today()) return null;
      return takings(businessRef, first, last, await disruptionsOf(businessRef));
    },

    async revoke(consentId) {
      await store.revoke(consentId, clock.now());
    },
  };
}
