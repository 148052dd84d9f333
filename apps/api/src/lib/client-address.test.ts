import { describe, expect, it } from 'vitest';
import { clientKey } from './client-address.ts';

describe('clientKey', () => {
  it('counts an IPv4 address as itself, mapped into IPv6 or not', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every IPv6 address of one /64 as one client, and another /64 as another', () => {
    const one = clientKey('2001:db8:1:2::1');
    expect(clientKey('2001:db8:1:2:ffff:ffff:ffff:fffe')).toBe(one);
    expect(one).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:3::1')).not.toBe(one);
  });

  it('keeps what is not an address as it is', () => {
    expect(clientKey('unknown')).toBe('unknown');
  });
});
