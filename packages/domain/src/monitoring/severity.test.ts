import { describe, expect, it } from 'vitest';
import { alertSeverity, bySeverity, type BreachFacts } from './severity.ts';

const breach = (over: Partial<BreachFacts> = {}): BreachFacts => ({
  dataClasses: ['Email addresses'],
  isVerified: true,
  isFabricated: false,
  isSpamList: false,
  isSensitive: false,
  ...over,
});

describe('alert severity (issue 29)', () => {
  it('ranks a card with its expiry or code above everything else', () => {
    const card = alertSeverity(
      'CARD',
      breach({ dataClasses: ['Credit cards', 'Credit card CVV'] }),
    );
    expect(card).toMatchObject({ level: 'critical', reasons: ['card_with_expiry_or_code'] });
    const bare = alertSeverity('CARD', breach({ dataClasses: ['Credit cards'] }));
    expect(bare.level).toBe('high');
    expect(card.score).toBeGreaterThan(bare.score);
  });

  it('ranks an identity number with a birth date as critical', () => {
    expect(
      alertSeverity('PASSPORT', breach({ dataClasses: ['Passport numbers', 'Dates of birth'] })),
    ).toMatchObject({ level: 'critical', reasons: ['identity_with_birth_date'] });
    expect(alertSeverity('NATIONAL_ID', breach()).level).toBe('high');
  });

  it('ranks an email with its password above an email alone', () => {
    const password = alertSeverity(
      'EMAIL_ADDRESS',
      breach({ dataClasses: ['Email addresses', 'Passwords'] }),
    );
    const alone = alertSeverity('EMAIL_ADDRESS', breach());
    expect(password).toMatchObject({ level: 'high', reasons: ['password_exposed'] });
    expect(alone).toMatchObject({ level: 'low', reasons: ['contact_only'] });
  });

  it('marks doubtful breaches and ranks them below certain ones, never hiding them', () => {
    const spam = alertSeverity(
      'EMAIL_ADDRESS',
      breach({ isSpamList: true, dataClasses: ['Email addresses', 'Passwords'] }),
    );
    expect(spam).toMatchObject({ level: 'low', reasons: ['password_exposed', 'spam_list'] });
    const fake = alertSeverity(
      'CARD',
      breach({ isFabricated: true, dataClasses: ['Credit cards', 'Credit card CVV'] }),
    );
    expect(fake.level).toBe('low');
    expect(fake.reasons).toContain('fabricated_breach');
    const unverified = alertSeverity(
      'CARD',
      breach({ isVerified: false, dataClasses: ['Credit cards'] }),
    );
    expect(unverified.reasons).toContain('unverified_breach');
    expect(unverified.score).toBeLessThan(
      alertSeverity('CARD', breach({ dataClasses: ['Credit cards'] })).score,
    );
  });

  it('orders alerts by score, then newest first', () => {
    const alerts = [
      { id: 'a', severity: { score: 30 }, detectedOn: '2026-11-02T00:00:00Z' },
      { id: 'b', severity: { score: 95 }, detectedOn: '2026-10-01T00:00:00Z' },
      { id: 'c', severity: { score: 30 }, detectedOn: '2026-11-03T00:00:00Z' },
    ];
    expect(alerts.sort(bySeverity).map((a) => a.id)).toEqual(['b', 'c', 'a']);
  });
});
