import { clientKey } from './client-key.js';

describe('clientKey', () => {
  it('keeps IPv4 addresses, and unwraps IPv4-mapped IPv6 ones', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('keys IPv6 clients by their /64, however the address is written', () => {
    const key = '2001:db8:85a3:8d3::/64';
    expect(clientKey('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe(key);
    expect(clientKey('2001:0db8:85a3:08d3:ffff:ffff:ffff:ffff')).toBe(key);
    expect(clientKey('2001:db8:85a3:8d3::1')).toBe(key);
    expect(clientKey('2001:DB8:85A3:8D3::abcd')).toBe(key);
    expect(clientKey('2001:db8:85a3:8d4::1')).not.toBe(key);
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('names a request without an address', () => {
    expect(clientKey(undefined)).toBe('unknown');
  });
});
