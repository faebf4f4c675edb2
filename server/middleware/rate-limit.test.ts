import { describe, expect, it } from 'vitest';
import { clientAddress } from './rate-limit.ts';

describe('clientAddress', () => {
  it('trusts no forwarded header by default: the socket peer is the client', () => {
    expect(clientAddress('203.0.113.1', '127.0.0.1', 0)).toBe('127.0.0.1');
    expect(clientAddress(undefined, '198.51.100.4', 0)).toBe('198.51.100.4');
  });

  it('behind one proxy takes the entry that proxy appended, not what the client wrote before it', () => {
    expect(clientAddress('203.0.113.9', '10.0.0.2', 1)).toBe('203.0.113.9');
    expect(clientAddress('1.1.1.1, 2.2.2.2, 203.0.113.9', '10.0.0.2', 1)).toBe('203.0.113.9');
  });

  it('behind two proxies skips the nearer one too', () => {
    expect(clientAddress('6.6.6.6, 203.0.113.9, 10.0.0.1', '10.0.0.2', 2)).toBe('203.0.113.9');
  });

  it('takes the furthest entry there is when the chain is shorter than configured', () => {
    expect(clientAddress(undefined, '10.0.0.2', 1)).toBe('10.0.0.2');
    expect(clientAddress('203.0.113.9', '10.0.0.2', 3)).toBe('203.0.113.9');
  });

  it('ignores empty entries and spaces, and reads an IPv4-mapped socket address as IPv4', () => {
    expect(clientAddress(' , 203.0.113.9 ,', '10.0.0.2', 1)).toBe('203.0.113.9');
    expect(clientAddress(undefined, '::ffff:127.0.0.1', 0)).toBe('127.0.0.1');
    expect(clientAddress('2001:DB8::1', '::1', 1)).toBe('2001:db8::1');
  });
});
