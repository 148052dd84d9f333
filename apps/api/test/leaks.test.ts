import { describe, expect, it } from 'vitest';
import { findLeaks } from './leaks.ts';

/** A log line as pino writes it, with an id, times and a URL. */
const line = (extra: string) =>
  `{"level":30,"time":1795000000123,"pid":4242,"reqId":"req-1f","req":{"method":"GET","url":"/api/v1/users/0f9a8b7c-1234-4abc-9def-123456789012/trips"},"responseTime":12.345678901${extra}}`;

describe('findLeaks', () => {
  it('finds nothing in ordinary log lines: ids, times, masked values, redacted headers', () => {
    const text = [
      line(''),
      line(',"authorization":"Bearer [Redacted]"'),
      line(',"display":"**** **** **** 4242","iban":"GB** **** 1234"'),
      line(',"phone":"+44 7700 900123","amount":1234567890123'),
      // A fraction of a millisecond whose digits would pass for a card.
      line(',"took":3.6218560000015714,"n":6218560000015714.5'),
    ].join('\n');
    expect(findLeaks(text)).toEqual([]);
  });

  it('finds card numbers, run together or grouped, by Luhn and brand', () => {
    const leaks = findLeaks(
      [
        line(',"n":"4242424242424242"'),
        line(',"n":"5555 5555 5555 4444"'),
        line(',"n":"4242424242424241"'),
      ].join('\n'),
    );
    expect(leaks.map((l) => [l.kind, l.line])).toEqual([
      ['card number', 1],
      ['card number', 2],
    ]);
    // The report does not repeat the value.
    expect(leaks[0]!.masked).toBe('42…(16)');
  });

  it('finds IBANs by their check digits, electronic or grouped', () => {
    const leaks = findLeaks(
      'a GB82WEST12345698765432 b\nc ES91 2100 0418 4502 0005 1332 d\ne GB82WEST12345698765433',
    );
    expect(leaks.map((l) => [l.kind, l.line])).toEqual([
      ['IBAN', 1],
      ['IBAN', 2],
    ]);
  });

  it('finds tokens: a JWT and a bearer credential not blanked', () => {
    const jwt =
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJDMTIzIiwiYXVkIjoiaHR0cDovL3Nob3AifQ.dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW1gFWFOEjXk';
    const leaks = findLeaks(`x ${jwt}\nauthorization: Bearer abcdefghijklmnop0123`);
    expect(leaks.map((l) => l.kind)).toEqual(['JSON web token', 'bearer credential']);
  });

  it('finds a known secret, a code only where it stands alone', () => {
    const known = [
      { kind: 'one-time code', value: '482913' },
      { kind: 'password', value: 'Journey-2026!' },
      { kind: 'too short to tell', value: '12345' },
    ];
    expect(findLeaks('code 482913 sent', known).map((l) => l.kind)).toEqual(['one-time code']);
    expect(findLeaks('"time":17482913000', known)).toEqual([]);
    expect(findLeaks('{"password":"Journey-2026!"}', known).map((l) => l.kind)).toEqual([
      'password',
    ]);
    expect(findLeaks('12345', known)).toEqual([]);
  });
});
