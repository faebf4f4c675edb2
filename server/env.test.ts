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
