import { describe, expect, it } from 'vitest';
import { verifyPayuSignature } from './providers/payu/notification.ts';
import { p24Sign } from './providers/przelewy24/sign.ts';

// Expected values computed outside Node (Python's hashlib and json.dumps with separators=(',', ':') and
// ensure_ascii=False, the equivalent of PHP's JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE).
describe('Przelewy24 sign', () => {
  it('is SHA-384 of the compact JSON in the documented field order, slashes and non-ASCII unescaped', () => {
    expect(p24Sign({ sessionId: '9f1c/ą', merchantId: 123456, amount: 1999, currency: 'PLN', crc: 'c0ffee' })).toBe(
      '9b19f9648712e504c7d3db4b9d2ff77d77bdf4a2c4a856f96d5c09b1ce6c616cb9628c31eed9872c541e0b11d084357c',
    );
  });

  it('changes with the field order, which is therefore fixed per call', () => {
    expect(p24Sign({ merchantId: 123456, sessionId: '9f1c/ą', amount: 1999, currency: 'PLN', crc: 'c0ffee' })).not.toBe(
      p24Sign({ sessionId: '9f1c/ą', merchantId: 123456, amount: 1999, currency: 'PLN', crc: 'c0ffee' }),
    );
  });
});

describe('PayU OpenPayu-Signature', () => {
  const body = '{"order":{"orderId":"X"}}';
  it('accepts MD5 and SHA-256 of body + second key', () => {
    expect(
      verifyPayuSignature(
        body,
        'sender=checkout;signature=83d128848b61658f08f69af514992f71;algorithm=MD5;content=DOCUMENT',
        'key',
      ),
    ).toBe(true);
    expect(
      verifyPayuSignature(
        body,
        'sender=checkout;signature=083f7515d5e9eb29bdd2c785d3485f2a17aa337bb1ecd1e93e67eaacdc5d555b;algorithm=SHA-256;content=DOCUMENT',
        'key',
      ),
    ).toBe(true);
  });

  it('refuses another key, another body, an unknown algorithm or no header', () => {
    const header = 'sender=checkout;signature=83d128848b61658f08f69af514992f71;algorithm=MD5;content=DOCUMENT';
    expect(verifyPayuSignature(body, header, 'other')).toBe(false);
    expect(verifyPayuSignature(`${body} `, header, 'key')).toBe(false);
    expect(verifyPayuSignature(body, header.replace('MD5', 'SHA-1'), 'key')).toBe(false);
    expect(verifyPayuSignature(body, null, 'key')).toBe(false);
  });
});
