import { describe, expect, it, vi } from 'vitest';
import {
  installChunkReload,
  isChunkLoadFailure,
  RELOAD_GUARD_MS,
  RELOAD_STORAGE_KEY,
  shouldReload,
} from './chunk-reload.ts';
import { langCookie } from './lang-cookie.ts';

function fakeWindow() {
  const listeners = new Map<string, (event: Event) => void>();
  const storage = new Map<string, string>();
  const host = {
    addEventListener: (type: string, listener: (event: Event) => void) => listeners.set(type, listener),
    sessionStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
    },
    location: { reload: vi.fn() },
  };
  const fire = (type: string, extra: object = {}) => {
    const event = Object.assign(new Event(type, { cancelable: true }), extra);
    listeners.get(type)!(event);
    return event;
  };
  return {
    host: host as unknown as Parameters<typeof installChunkReload>[0],
    reload: host.location.reload,
    storage,
    fire,
  };
}

describe('chunk-load failure reload (spec: at most once per 60000 ms)', () => {
  it('reloads on the first failure, not again within the guard, and again after it', () => {
    let clock = 1_000_000;
    const { host, reload, storage, fire } = fakeWindow();
    installChunkReload(host, () => clock);
    expect(fire('vite:preloadError').defaultPrevented).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.get(RELOAD_STORAGE_KEY)).toBe('1000000');
    clock += RELOAD_GUARD_MS - 1;
    fire('vite:preloadError');
    expect(reload).toHaveBeenCalledTimes(1);
    clock += 1;
    fire('vite:preloadError');
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('reloads for a failed dynamic import, but not for other unhandled rejections', () => {
    const { host, reload, fire } = fakeWindow();
    installChunkReload(host, () => 5_000_000);
    fire('unhandledrejection', { reason: new Error('Something else broke') });
    expect(reload).not.toHaveBeenCalled();
    fire('unhandledrejection', {
      reason: new TypeError('Failed to fetch dynamically imported module: http://localhost/_astro/X.js'),
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('decides by the last reload time; a clock that went back counts as long ago', () => {
    expect(shouldReload(10, null)).toBe(true);
    expect(shouldReload(RELOAD_GUARD_MS + 10, 10)).toBe(true);
    expect(shouldReload(20, 10)).toBe(false);
    expect(shouldReload(5, 10)).toBe(true);
    expect(isChunkLoadFailure('Importing a module script failed.')).toBe(true);
  });
});

describe('lang cookie', () => {
  it('lives 365 days for the whole site', () => {
    expect(langCookie('en')).toBe('lang=en; Max-Age=31536000; Path=/; SameSite=Lax');
  });
});
