import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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
  // Keys shaped like the providers' own (32 hex characters; Przelewy24's CRC 16), and their live addresses.
  const payu = {
    PAYU_POS_ID: '300746',
    PAYU_CLIENT_ID: '300746',
    PAYU_CLIENT_SECRET: '2ee86a66e5d97e3fadc400c9f19b065d',
    PAYU_SECOND_KEY: 'b6ca15b0d1020e8094d9b5f8d163db54',
    PAYU_BASE_URL: 'https://secure.payu.com',
  };
  const p24 = {
    P24_MERCHANT_ID: '1',
    P24_POS_ID: '1',
    P24_API_KEY: '9c4a8a1e0f5b46d2a7e3c6b1d8f0e2a4',
    P24_CRC: 'a1b2c3d4e5f60718',
    P24_BASE_URL: 'https://secure.przelewy24.pl',
  };
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://shop@db.internal/shop',
    PAYMENT_WEBHOOK_SECRET: 'a-webhook-secret-0123',
    ORDER_TOKEN_SECRET: 'an-order-token-secret-0123',
    SANDBOX_BANK_SECRET: 'a-sandbox-bank-secret-0123',
  };

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

  it('takes Google Pay through Przelewy24 only with its Google Pay method id', () => {
    expect(() => parseEnv({ ...production, ...p24, PAYMENT_ROUTES: 'pl.googlePay=przelewy24' })).toThrow(
      'Invalid configuration: PAYMENT_ROUTES sends googlePay to Przelewy24, but P24_GOOGLE_PAY_METHOD_ID is not set',
    );
    expect(() =>
      parseEnv({ ...production, ...p24, P24_GOOGLE_PAY_METHOD_ID: 'gpay', PAYMENT_ROUTES: 'pl.googlePay=przelewy24' }),
    ).toThrow(/P24_GOOGLE_PAY_METHOD_ID/);
    const env = parseEnv({
      ...production,
      ...p24,
      ORDER_TOKEN_SECRET: 'an-order-token-secret-0123',
      P24_GOOGLE_PAY_METHOD_ID: '266',
      PAYMENT_ROUTES: 'pl.googlePay=przelewy24',
    });
    expect(env.payments.przelewy24?.googlePayMethodId).toBe(266);
  });

  it('asks a production start with real providers for the order-token secret only (the others are the sandbox’s)', () => {
    const real = {
      NODE_ENV: 'production',
      DATABASE_URL: production.DATABASE_URL,
      ...payu,
      PAYMENT_ROUTES: 'pl.blik=payu',
    };
    expect(() => parseEnv(real)).toThrow('Invalid configuration: ORDER_TOKEN_SECRET must be set in production');
    const env = parseEnv({ ...real, ORDER_TOKEN_SECRET: 'an-order-token-secret-0123' });
    expect(env.orderTokenSecret).toBe('an-order-token-secret-0123');
    expect(env.paymentWebhookSecret).not.toBe(env.sandboxBankSecret);
  });

  it('reads routes per country and method', () => {
    const env = parseEnv({ ...production, ...payu, PAYMENT_ROUTES: 'pl.blik=payu, pl.googlePay=payu' });
    expect(env.payments.routes).toEqual({ pl: { blik: 'payu', googlePay: 'payu' } });
    expect(env.payments.payu?.baseUrl).toBe('https://secure.payu.com');
    // Outside production an unset address is the provider's sandbox.
    const { PAYU_BASE_URL: _live, ...sandboxPayu } = payu;
    expect(parseEnv({ ...sandboxPayu, PAYMENT_ROUTES: 'pl.blik=payu' }).payments.payu?.baseUrl).toBe(
      'https://secure.snd.payu.com',
    );
  });

  it('takes no test money as real in production: live addresses said over https, real keys', () => {
    const { PAYU_BASE_URL: _payuUrl, ...payuWithoutUrl } = payu;
    const { P24_BASE_URL: _p24Url, ...p24WithoutUrl } = p24;
    const routed = { ...production, PAYMENT_ROUTES: 'pl.blik=payu,pl.fastTransfer=przelewy24' };
    expect(() => parseEnv({ ...routed, ...payuWithoutUrl, ...p24 })).toThrow(
      'Invalid configuration: PAYU_BASE_URL must be set in production (https://secure.payu.com for live payments; unset is the sandbox)',
    );
    expect(() => parseEnv({ ...routed, ...payu, ...p24WithoutUrl })).toThrow(/P24_BASE_URL must be set in production/);
    expect(() => parseEnv({ ...routed, ...payu, ...p24, PAYU_BASE_URL: 'http://secure.payu.com' })).toThrow(
      'Invalid configuration: PAYU_BASE_URL must be an https:// address in production',
    );
    expect(() =>
      parseEnv({ ...routed, ...payu, ...p24, PAYU_SECOND_KEY: 'k', PAYU_CLIENT_SECRET: 'a'.repeat(20) }),
    ).toThrow(
      'Invalid configuration: PAYU_CLIENT_SECRET, PAYU_SECOND_KEY too weak for production (at least 16 characters, 6 of them different)',
    );
    expect(() => parseEnv({ ...routed, ...payu, ...p24, P24_CRC: '0123' })).toThrow(/P24_CRC too weak for production/);
    expect(parseEnv({ ...routed, ...payu, ...p24 }).payments.przelewy24?.baseUrl).toBe('https://secure.przelewy24.pl');
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told, so a client cannot pick its own rate-limit key', () => {
    expect(parseEnv({}).trustProxy).toBe(0);
    expect(parseEnv({ TRUST_PROXY: '' }).trustProxy).toBe(0);
  });

  it('takes a number of proxy hops', () => {
    expect(parseEnv({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it.each(['true', 'loopback', '-1', '1.5', '100'])('refuses %s', (value) => {
    expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(/^Invalid configuration: TRUST_PROXY /);
  });
});

describe('OUTBOX_INTERVAL_MS', () => {
  it('sends the outbox every 10 s unless told otherwise', () => {
    expect(parseEnv({}).outboxIntervalMs).toBe(10_000);
    expect(parseEnv({ OUTBOX_INTERVAL_MS: '250' }).outboxIntervalMs).toBe(250);
  });

  it.each(['0', '5', '1s', '-100'])('refuses %s', (value) => {
    expect(() => parseEnv({ OUTBOX_INTERVAL_MS: value })).toThrow(/^Invalid configuration: OUTBOX_INTERVAL_MS /);
  });
});

describe('secrets', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const dataDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'marketplace-env-'));
    dirs.push(dir);
    return dir;
  };
  const production = {
    NODE_ENV: 'production',
    PAYMENTS: 'sandbox',
    DATABASE_URL: 'postgres://shop@db.internal/shop',
    PAYMENT_WEBHOOK_SECRET: 'webhook-secret-0123456789',
    ORDER_TOKEN_SECRET: 'order-token-secret-0123456789',
    SANDBOX_BANK_SECRET: 'sandbox-bank-secret-0123456789',
  };

  it('production takes one secret per purpose', () => {
    const env = parseEnv(production);
    expect([env.paymentWebhookSecret, env.orderTokenSecret, env.sandboxBankSecret]).toEqual([
      production.PAYMENT_WEBHOOK_SECRET,
      production.ORDER_TOKEN_SECRET,
      production.SANDBOX_BANK_SECRET,
    ]);
  });

  it('production refuses to start naming every missing secret', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', PAYMENTS: 'sandbox' })).toThrow(
      'Invalid configuration: PAYMENT_WEBHOOK_SECRET, ORDER_TOKEN_SECRET, SANDBOX_BANK_SECRET must be set in production',
    );
    for (const key of ['PAYMENT_WEBHOOK_SECRET', 'ORDER_TOKEN_SECRET', 'SANDBOX_BANK_SECRET'] as const) {
      expect(() => parseEnv({ ...production, [key]: '' })).toThrow(
        `Invalid configuration: ${key} must be set in production`,
      );
    }
  });

  it('refuses one value for two purposes', () => {
    expect(() => parseEnv({ ...production, ORDER_TOKEN_SECRET: production.PAYMENT_WEBHOOK_SECRET })).toThrow(
      'Invalid configuration: PAYMENT_WEBHOOK_SECRET, ORDER_TOKEN_SECRET must differ from each other',
    );
  });

  it('refuses a short secret', () => {
    expect(() => parseEnv({ ...production, SANDBOX_BANK_SECRET: 'short' })).toThrow(
      /^Invalid configuration: SANDBOX_BANK_SECRET /,
    );
  });

  it('outside production, random secrets kept in the data folder: different per purpose and per install, the same after a restart', () => {
    const dir = dataDir();
    const first = parseEnv({ DATA_DIR: dir });
    const secrets = [first.paymentWebhookSecret, first.orderTokenSecret, first.sandboxBankSecret];
    expect(new Set(secrets).size).toBe(3);
    for (const secret of secrets) expect(secret.length).toBeGreaterThanOrEqual(32);
    expect((statSync(path.join(dir, 'secrets.json')).mode & 0o777).toString(8)).toBe('600');
    const again = parseEnv({ DATA_DIR: dir, NODE_ENV: 'test' });
    expect([again.paymentWebhookSecret, again.orderTokenSecret, again.sandboxBankSecret]).toEqual(secrets);
    const elsewhere = parseEnv({ DATA_DIR: dataDir() });
    expect(elsewhere.orderTokenSecret).not.toBe(first.orderTokenSecret);
    // A configured secret wins over the stored one.
    expect(parseEnv({ DATA_DIR: dir, ORDER_TOKEN_SECRET: 'configured-secret-0123' }).orderTokenSecret).toBe(
      'configured-secret-0123',
    );
  });

  it('production refuses placeholder secrets', () => {
    expect(() => parseEnv({ ...production, ORDER_TOKEN_SECRET: 'a'.repeat(20) })).toThrow(
      'Invalid configuration: ORDER_TOKEN_SECRET too weak for production (at least 16 characters, 6 of them different)',
    );
    expect(() => parseEnv({ ...production, PAYMENT_WEBHOOK_SECRET: 'abababababababababab' })).toThrow(
      /PAYMENT_WEBHOOK_SECRET too weak/,
    );
  });

  it('production runs on PGlite only when told it is a single machine on purpose', () => {
    const { DATABASE_URL: _url, ...onPglite } = production;
    expect(() => parseEnv({ ...onPglite, DATA_DIR: dataDir() })).toThrow(
      'Invalid configuration: production needs DATABASE_URL (PostgreSQL); PGlite keeps everything in one folder of one machine, so it runs in production only with PGLITE_IN_PRODUCTION=1',
    );
    expect(parseEnv({ ...onPglite, DATA_DIR: dataDir(), PGLITE_IN_PRODUCTION: '1' }).databaseUrl).toBeUndefined();
  });
});

describe('where photos are kept (decision 062)', () => {
  const bucket = {
    MEDIA_STORAGE: 's3',
    MEDIA_S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com',
    MEDIA_S3_BUCKET: 'menu-photos',
    MEDIA_S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    MEDIA_S3_SECRET_ACCESS_KEY: 'secret-key-of-the-bucket',
  };

  it('is the data folder unless a bucket is asked for', () => {
    expect(parseEnv({}).mediaS3).toBeNull();
    expect(parseEnv({ MEDIA_STORAGE: 'folder' }).mediaS3).toBeNull();
  });

  it('is the bucket with every setting given, in us-east-1 unless a region is', () => {
    expect(parseEnv(bucket).mediaS3).toEqual({
      endpoint: 'https://s3.eu-central-1.amazonaws.com',
      bucket: 'menu-photos',
      region: 'us-east-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret-key-of-the-bucket',
    });
    expect(parseEnv({ ...bucket, MEDIA_S3_REGION: 'auto' }).mediaS3?.region).toBe('auto');
  });

  it('names what is missing, what is set without the bucket, and a bad address or bucket name', () => {
    expect(() => parseEnv({ ...bucket, MEDIA_S3_SECRET_ACCESS_KEY: '' })).toThrow(
      'Invalid configuration: MEDIA_STORAGE=s3 needs MEDIA_S3_SECRET_ACCESS_KEY',
    );
    expect(() => parseEnv({ MEDIA_S3_BUCKET: 'menu-photos' })).toThrow('MEDIA_S3_BUCKET set without MEDIA_STORAGE=s3');
    expect(() => parseEnv({ ...bucket, MEDIA_S3_ENDPOINT: 's3.example.com' })).toThrow('MEDIA_S3_ENDPOINT');
    expect(() => parseEnv({ ...bucket, MEDIA_S3_BUCKET: 'Menu_Photos' })).toThrow('MEDIA_S3_BUCKET');
    expect(() => parseEnv({ ...bucket, MEDIA_STORAGE: 'ftp' })).toThrow('MEDIA_STORAGE');
  });
});
