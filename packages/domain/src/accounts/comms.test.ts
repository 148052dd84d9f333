import { describe, expect, it } from 'vitest';
import { commsFormOf, commsFormSchema, commsUpdateOf, type CommsEntry } from './schemas.ts';

const row = (commsId: string, active: boolean, preferred = false): CommsEntry => ({
  commsId,
  type: commsId.startsWith('MARKETING') ? 'marketing' : 'transactional',
  active,
  preferred,
});

describe('communication preferences (spec 1 §3)', () => {
  it('keeps the transactional channels as a list and the marketing one as a string', () => {
    expect(
      commsFormOf([
        row('TRANSACTIONAL_EMAIL', true, true),
        row('TRANSACTIONAL_SMS', true),
        row('MARKETING_EMAIL', false),
        row('MARKETING_SMS', true, true),
      ]),
    ).toEqual({
      transactional: ['TRANSACTIONAL_EMAIL', 'TRANSACTIONAL_SMS'],
      marketing: 'MARKETING_SMS',
    });
    expect(
      commsFormOf([row('TRANSACTIONAL_EMAIL', true, true), row('MARKETING_EMAIL', false)]),
    ).toEqual({ transactional: ['TRANSACTIONAL_EMAIL'], marketing: 'NONE' });
  });

  it('sends every channel back, one marketing channel at most, transactional email always on', () => {
    expect(commsUpdateOf({ transactional: [], marketing: 'MARKETING_EMAIL' })).toEqual([
      { commsId: 'TRANSACTIONAL_EMAIL', active: true, preferred: true },
      { commsId: 'TRANSACTIONAL_SMS', active: false, preferred: false },
      { commsId: 'MARKETING_EMAIL', active: true, preferred: true },
      { commsId: 'MARKETING_SMS', active: false, preferred: false },
    ]);
    expect(
      commsUpdateOf({ transactional: ['TRANSACTIONAL_SMS'], marketing: 'NONE' }).filter(
        (entry) => entry.active,
      ),
    ).toEqual([
      { commsId: 'TRANSACTIONAL_EMAIL', active: true, preferred: true },
      { commsId: 'TRANSACTIONAL_SMS', active: true, preferred: false },
    ]);
  });

  it('refuses a channel that is not one of its kind', () => {
    expect(
      commsFormSchema.safeParse({ transactional: ['MARKETING_SMS'], marketing: 'NONE' }).success,
    ).toBe(false);
    expect(
      commsFormSchema.safeParse({ transactional: [], marketing: 'TRANSACTIONAL_SMS' }).success,
    ).toBe(false);
    expect(commsFormSchema.safeParse({ transactional: [], marketing: 'PIGEON' }).success).toBe(
      false,
    );
  });
});
