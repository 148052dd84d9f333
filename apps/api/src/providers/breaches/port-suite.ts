import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONITORED_DATA_TYPES } from '@tern/domain';
import type { Breach, BreachRecord, BreachSourcePort, SourceRecord } from './port.ts';

/**
 * What every breach source must do, the simulator and a real source alike: run it with
 * `breachSourcePortSuite('name', async () => ({ port, close, plant }))`, where `plant` makes a
 * breach known at the source with these facts and identifiers (a test's call to a sandbox, a
 * recorded server's new answer, the simulator's operator command). The suite plants breaches
 * added after everything the source holds; what the source held before it reads through first.
 */
export function breachSourcePortSuite(
  name: string,
  open: () => Promise<{
    port: BreachSourcePort;
    close: () => Promise<void>;
    plant: (breach: Breach, records: BreachRecord[]) => Promise<void>;
    /** What the source gives back for a planted record (its value unless told). */
    given?: (record: BreachRecord) => SourceRecord;
  }>,
) {
  describe(`breach source port: ${name}`, () => {
    let subject: Awaited<ReturnType<typeof open>>;
    /** Where the suite's reader stands, as the monitoring area keeps it between readings. */
    let cursor: string | null = null;
    beforeAll(async () => {
      subject = await open();
    });
    afterAll(() => subject?.close());

    /** Breaches the suite plants are added a day apart, from 2030 on (after anything recorded). */
    let planted = 0;
    const breach = (name: string, facts: Partial<Breach> = {}): Breach => ({
      name,
      title: `${name} Ltd`,
      domain: `${name.toLowerCase()}.example`,
      breachDate: '2029-11-30',
      addedDate: new Date(Date.UTC(2030, 0, 1 + planted++, 9, 30)).toISOString(),
      dataClasses: ['Email addresses', 'Passwords'],
      description: `In November 2029, ${name} was breached.`,
      isVerified: true,
      isFabricated: false,
      isSpamList: false,
      isSensitive: false,
      ...facts,
    });
    const email = (value: string): BreachRecord => ({ dataType: 'EMAIL_ADDRESS', value });
    /** Reads on from the suite's cursor, moving it. */
    const read = async (limit = 100) => {
      const answer = await subject.port.since(cursor, limit);
      cursor = answer.cursor;
      return answer.breaches;
    };
    const byName = (breaches: Breach[]) =>
      [...breaches].sort((a, b) => a.name.localeCompare(b.name));

    it('gives every breach it holds once, oldest first, in pages of at most `limit`', async () => {
      const seen: Breach[] = [];
      for (;;) {
        const page = await read(4);
        expect(page.length).toBeLessThanOrEqual(4);
        if (page.length === 0) break;
        seen.push(...page);
      }
      expect(seen.length).toBeGreaterThan(0);
      expect(new Set(seen.map((b) => b.name)).size).toBe(seen.length);
      const added = seen.map((b) => b.addedDate);
      expect(added).toEqual([...added].sort());
      expect(cursor).not.toBeNull();
      expect(await subject.port.since(cursor, 4)).toEqual({ breaches: [], cursor });
    });

    it('gives a breach added after the cursor with its facts, then nothing more', async () => {
      const rubyRoad = breach('SuiteRubyRoad', {
        dataClasses: ['Dates of birth', 'Email addresses', 'Names'],
        isVerified: false,
        isSensitive: true,
      });
      await subject.plant(rubyRoad, [email('ruby.reader@suite.example')]);
      expect(await read()).toEqual([rubyRoad]);
      expect(await read()).toEqual([]);
    });

    it('resumes from a cursor: the same breaches again from an old one, none twice from the new', async () => {
      const before = cursor;
      const spam = breach('SuiteSpamHeap', { isSpamList: true, domain: '' });
      const fake = breach('SuiteFakeVault', { isFabricated: true, isVerified: false });
      await subject.plant(spam, [email('heap.one@suite.example')]);
      await subject.plant(fake, [email('vault.one@suite.example')]);
      const first = await subject.port.since(before, 100);
      expect(await subject.port.since(before, 100)).toEqual(first);
      expect(first.breaches).toEqual([spam, fake]);
      expect(await subject.port.since(first.cursor, 100)).toEqual({
        breaches: [],
        cursor: first.cursor,
      });
      cursor = first.cursor;
    });

    it('gives at most `limit` breaches, the rest on the next readings', async () => {
      const names = ['SuitePageA', 'SuitePageB', 'SuitePageC'];
      for (const n of names) await subject.plant(breach(n), [email(`${n}@suite.example`)]);
      const pages = [await read(2), await read(2), await read(2)];
      expect(pages.map((page) => page.length)).toEqual([2, 1, 0]);
      expect(pages.flat().map((b) => b.name)).toEqual(names);
    });

    it('looks up the breaches an email address is in, whatever its case, and none for another', async () => {
      const north = breach('SuiteNorthMail');
      const south = breach('SuiteSouthMail', { dataClasses: ['Email addresses', 'Names'] });
      await subject.plant(north, [
        email('Both.Places@Suite.example'),
        email('north@suite.example'),
      ]);
      await subject.plant(south, [email('both.places@suite.example')]);
      expect(
        byName(await subject.port.lookup('EMAIL_ADDRESS', 'both.places@suite.example')),
      ).toEqual([north, south]);
      expect(
        await subject.port.lookup('EMAIL_ADDRESS', '  BOTH.places@suite.EXAMPLE '),
      ).toHaveLength(2);
      expect(await subject.port.lookup('EMAIL_ADDRESS', 'north@suite.example')).toEqual([north]);
      expect(await subject.port.lookup('EMAIL_ADDRESS', 'nobody.at.all@suite.example')).toEqual([]);
      await read();
    });

    it('answers none for a type it does not look up, and finds other types it does', async () => {
      expect(subject.port.lookupTypes).toContain('EMAIL_ADDRESS');
      const passport: BreachRecord = { dataType: 'PASSPORT', value: 'ZQ1234567' };
      const travel = breach('SuiteTravelDesk', {
        dataClasses: ['Email addresses', 'Passport numbers'],
      });
      await subject.plant(travel, [email('desk@suite.example'), passport]);
      for (const type of MONITORED_DATA_TYPES) {
        if (type === 'EMAIL_ADDRESS') continue;
        const found = await subject.port.lookup(type, passport.value);
        if (subject.port.lookupTypes.includes(type) && type === 'PASSPORT')
          expect(found).toEqual([travel]);
        else expect(found, type).toEqual([]);
      }
      await read();
    });

    it("pages a breach's records when the source has them, and gives none when it has not", async () => {
      const records = Array.from({ length: 5 }, (_, i) => email(`paged.${i}@suite.example`));
      await subject.plant(breach('SuiteRecordPages'), records);
      if (!subject.port.hasRecords) {
        expect(await subject.port.records('SuiteRecordPages', null, 10)).toEqual({
          records: [],
          cursor: null,
        });
        return;
      }
      const pages = [];
      let at: string | null = null;
      do {
        const page = await subject.port.records('SuiteRecordPages', at, 2);
        expect(page.records.length).toBeLessThanOrEqual(2);
        pages.push(page.records);
        at = page.cursor;
      } while (at !== null && pages.length < 10);
      expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
      expect(pages.flat()).toEqual(records.map(subject.given ?? ((record) => record)));
      expect(await subject.port.records('SuiteNoSuchBreach', null, 2)).toEqual({
        records: [],
        cursor: null,
      });
    });

    it('refuses a cursor it never gave', async () => {
      await expect(subject.port.since('not a cursor', 10)).rejects.toThrow(/cursor/);
    });
  });
}
