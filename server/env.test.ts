import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

const postgres = { DATABASE_URL: 'postgres://app@127.0.0.1:5432/shop' };

describe('WEB_CONCURRENCY', () => {
  it('defaults to one process, also when set empty', () => {
    expect(parseEnv({}).webConcurrency).toBe(1);
    expect(parseEnv({ ...postgres, WEB_CONCURRENCY: '' }).webConcurrency).toBe(1);
  });

  it('takes a number of processes on PostgreSQL', () => {
    expect(parseEnv({ ...postgres, WEB_CONCURRENCY: '4' }).webConcurrency).toBe(4);
    expect(parseEnv({ ...postgres, WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
  });

  it('allows one process on PGlite', () => {
    expect(parseEnv({ WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
  });

  it('refuses more than one process on PGlite, whose data folder has one owner', () => {
    expect(() => parseEnv({ WEB_CONCURRENCY: '2' })).toThrow(
      /^Invalid configuration: WEB_CONCURRENCY above 1 needs DATABASE_URL/,
    );
  });

  it('refuses zero', () => {
    expect(() => parseEnv({ ...postgres, WEB_CONCURRENCY: '0' })).toThrow(
      'Invalid configuration: WEB_CONCURRENCY must be at least 1',
    );
  });

  it.each(['two', '-1', '1.5', '1000'])('refuses %s', (value) => {
    expect(() => parseEnv({ ...postgres, WEB_CONCURRENCY: value })).toThrow(/^Invalid configuration: WEB_CONCURRENCY /);
  });
});

describe('payment providers', () => {
  const payu = {
    PAYU_POS_ID: '300746',
    PAYU_CLIENT_ID: '300746',
    PAYU_CLIENT_SECRET: 'secret',
    PAYU_SECOND_KEY: 'second',
  };
  const production = { NODE_ENV: 'production', PAYMENT_WEBHOOK_SECRET: 'a-webhook-secret-0123' };

  it('uses the sandbox outside production', () => {
    expect(parseEnv({}).payments.mode).toBe('sandbox');
  });

  it('refuses to start in production without a provider, unless the sandbox is asked for', () => {
    expect(() => parseEnv(production)).toThrow(/no payment provider is configured/);
    expect(parseEnv({ ...production, PAYMENTS: 'sandbox' }).payments.mode).toBe('sandbox');
  });

  it('refuses a method routed to a provider without credentials, or partial credentials', () => {
    expect(() => parseEnv({ ...production, PAYMENT_ROUTES: 'pl.blik=przelewy24' })).toThrow(/P24_\* are not set/);
    expect(() => parseEnv({ ...production, PAYU_POS_ID: '1', PAYMENT_ROUTES: 'pl.blik=payu' })).toThrow(
      /PayU needs PAYU_CLIENT_ID/,
    );
    expect(() => parseEnv({ ...production, ...payu, PAYMENT_ROUTES: 'pl.blik=sandbox' })).toThrow(/sandbox/);
  });

  it('reads routes per country and method', () => {
    const env = parseEnv({ ...production, ...payu, PAYMENT_ROUTES: 'pl.blik=payu, pl.googlePay=payu' });
    expect(env.payments.routes).toEqual({ pl: { blik: 'payu', googlePay: 'payu' } });
    expect(env.payments.payu?.baseUrl).toBe('https://secure.snd.payu.com');
  });
});
