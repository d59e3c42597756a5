import { describe, expect, it } from 'vitest';
import { normalizeAddress } from './client-address';

describe('normalizeAddress (per-address throttling key)', () => {
  it('keeps IPv4 and unwraps IPv4-mapped IPv6', () => {
    expect(normalizeAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(normalizeAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address as its /64 network, however it is written', () => {
    expect(normalizeAddress('2001:db8:0:1::5')).toBe('2001:db8:0:1::/64');
    expect(normalizeAddress('2001:0DB8:0000:0001:ffff:1:2:3')).toBe('2001:db8:0:1::/64');
    expect(normalizeAddress('::1')).toBe('0:0:0:0::/64');
    expect(normalizeAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
