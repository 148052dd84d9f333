import { describe, expect, it } from 'vitest';
import type { Breach, MonitoredDataType } from '@tern/domain';
import type { BreachSourcePort } from '../../providers/breaches/port.ts';
import { DEMO_IDS } from '../../seed/demo-data.ts';
import { useTestApp } from '../../../test/app.ts';
import { monitoringRepo } from './repo.ts';
import { monitoringScanner } from './scanner.ts';

const breach: Breach = {
  name: 'LookupOnly',
  title: 'Lookup Only',
  domain: 'lookuponly.example',
  breachDate: '2026-09-01',
  addedDate: '2026-10-01T00:00:00.000Z',
  dataClasses: ['Email addresses', 'Passwords'],
  description: 'A breach known by account lookups only.',
  isVerified: true,
  isFabricated: false,
  isSpamList: false,
  isSensitive: false,
};

/**
 * A source like Have I Been Pwned: no records, a lookup per email address. The port's suite
 * holds the real adapter to this behaviour; here it answers from what the test says it holds.
 */
function lookupOnlySource(holds: Set<string>, asked: string[]): BreachSourcePort {
  return {
    lookupTypes: ['EMAIL_ADDRESS'],
    hasRecords: false,
    since: async () => ({ breaches: [breach], cursor: 'after-lookup-only' }),
    records: async () => ({ records: [], cursor: null }),
    lookup: async (dataType: MonitoredDataType, value: string) => {
      asked.push(`${dataType}:${value}`);
      return holds.has(value) ? [breach] : [];
    },
  };
}

describe('the scanner with a source that gives no records', () => {
  const t = useTestApp();

  it('asks the source again for each email address watched, and raises one alert per match', async () => {
    const asked: string[] = [];
    const { platform } = t.app;
    const changed: string[] = [];
    const scanner = monitoringScanner({
      repo: monitoringRepo(t.database.db),
      source: lookupOnlySource(new Set(['uma.user@identity.example.com']), asked),
      fingerprints: platform.fingerprints,
      encryption: platform.encryption,
      clock: platform.clock,
      notifier: {
        changed: async (userId) => void changed.push(userId),
        alertRaised: async () => {},
      },
      events: platform.partnerEvents,
      partnerById: (id) => t.app.partners.byId(id),
      log: t.app.log,
    });
    expect(await scanner.readBreaches()).toBe(1);
    // Only email addresses are looked up, decrypted for the call and never stored as asked.
    expect(asked).toEqual(['EMAIL_ADDRESS:uma.user@identity.example.com']);
    expect(changed).toHaveLength(1);
    const alerts = await monitoringRepo(t.database.db).alertsOfItems([DEMO_IDS.identityEmail]);
    expect(alerts.map((a) => a.breachName)).toEqual(['LookupOnly']);
    // Read again (the cursor moved on, and a second match would be the same alert): nothing new.
    expect(await scanner.matchBreach(breach, new Set())).toBe(0);
  });
});
