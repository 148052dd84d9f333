import { describe, expect, it } from 'vitest';
import { isMasked, maskCard, maskEmail, maskTail, monitoredDisplayValue } from './mask.ts';

describe('masking of personal data', () => {
  it('keeps only the last four characters behind a fixed-length mask', () => {
    expect(maskTail('12345678')).toBe('****5678');
    expect(maskTail('GB29 NWBK 6016 1331 9268 19')).toBe('****6819');
    // The mask does not reveal the length of what it hides.
    expect(maskTail('123456789012345678').length).toBe(maskTail('12345').length);
  });

  it('hides a value of four characters or fewer entirely', () => {
    expect(maskTail('1234')).toBe('****');
    expect(maskTail('')).toBe('****');
  });

  it('masks an email as its first two characters, the mask, then the domain', () => {
    expect(maskEmail('uma.user@identity.example.com')).toBe('um****@identity.example.com');
    // A local part of two characters or fewer would be shown whole: hide it.
    expect(maskEmail('jo@example.com')).toBe('****@example.com');
    expect(maskEmail('not-an-email')).toBe('****');
  });

  it('masks a card to its last four digits', () => {
    expect(maskCard('4242 4242 4242 4242')).toBe('**** 4242');
    expect(maskCard('42')).toBe('****');
  });

  it('applies the rule of each data type', () => {
    expect(monitoredDisplayValue('EMAIL_ADDRESS', ' Uma.User@Example.com ')).toBe(
      'um****@example.com',
    );
    expect(monitoredDisplayValue('CARD', '4000056655665556')).toBe('**** 5556');
    expect(monitoredDisplayValue('PASSPORT', 'GB1234567')).toBe('****4567');
    expect(monitoredDisplayValue('PHONE_NUMBER', '+44 7700 900123')).toBe('****0123');
    for (const value of ['um****@example.com', '**** 5556', '****4567'])
      expect(isMasked(value)).toBe(true);
    expect(isMasked('GB1234567')).toBe(false);
  });

  it('does not take a value that only contains the mask for a masked one', () => {
    for (const value of [
      'GB29NWBK6016****1331926819',
      '****12345678',
      '12345678****',
      'uma.user****@example.com',
      '**** 4242 4242',
    ])
      expect(isMasked(value), value).toBe(false);
    expect(isMasked(maskTail('GB29 NWBK 6016 1331 9268 19'))).toBe(true);
  });
});
