import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanStores } from 'nanostores';
import { createApiClient } from '#app/api-client.ts';
import {
  $address,
  ADDRESS_STORAGE_KEY,
  clearAddress,
  loadAddress,
  setAddress,
  type DeliveryAddress,
} from './address.ts';
import { $basket, basketFetch, loadBasket } from './basket.ts';
import { createFetchState } from './fetch-state.ts';
import { $notification, dismissNotification, notifyError, notifySuccess, resetNotification } from './notifications.ts';
import { $progress, PROGRESS_THROTTLE_MS, trackProgress } from './progress.ts';

/** A Storage that lives in memory, as a browser's would for one test. */
function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

const home: DeliveryAddress = {
  fullAddress: 'Marszałkowska 10, 00-590 Warszawa',
  street: 'Marszałkowska',
  streetNo: '10',
  city: 'Warszawa',
  zip: '00-590',
  country: 'pl',
  lat: 52.22,
  lng: 21.01,
};

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('sessionStorage', memoryStorage());
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  cleanStores($address, $basket, $notification, $progress);
  $address.set(null);
  $basket.set(null);
  $notification.set(null);
  $progress.set({ inFlight: 0, visible: false });
});

describe('delivery address store', () => {
  it('keeps the address in localStorage, so the next page (and visit) has it', () => {
    setAddress({ ...home, fullAddress: '  Marszałkowska 10, 00-590 Warszawa ' });
    expect($address.get()?.fullAddress).toBe('Marszałkowska 10, 00-590 Warszawa');
    $address.set(null);
    loadAddress();
    expect($address.get()).toEqual(home);
  });

  it('forgets it when cleared', () => {
    setAddress(home);
    clearAddress();
    expect($address.get()).toBeNull();
    expect(localStorage.getItem(ADDRESS_STORAGE_KEY)).toBeNull();
  });

  it('ignores a stored value it did not write (broken JSON, missing fields, unknown country)', () => {
    for (const raw of ['{', '"text"', JSON.stringify({ ...home, country: 'de' }), JSON.stringify({ city: 'x' })]) {
      localStorage.setItem(ADDRESS_STORAGE_KEY, raw);
      loadAddress();
      expect($address.get()).toBeNull();
    }
  });

  it('still works for the page when storage is refused (private mode)', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    });
    loadAddress();
    expect($address.get()).toBeNull();
    setAddress(home);
    expect($address.get()).toEqual(home);
  });
});

describe('notifications', () => {
  it('clears an ordinary notification on the next route change', () => {
    notifyError('Nie udało się');
    expect($notification.get()).toEqual({ type: 'error', message: 'Nie udało się', forced: false });
    resetNotification();
    expect($notification.get()).toBeNull();
  });

  it('keeps a forced one for one route change, without its forced flag, even across a page load', () => {
    notifySuccess('Zapisano', { forced: true });
    // The next page starts with empty stores: only sessionStorage remembers.
    $notification.set(null);
    resetNotification();
    expect($notification.get()).toEqual({ type: 'success', message: 'Zapisano', forced: false });
    resetNotification();
    expect($notification.get()).toBeNull();
  });

  it('a dismissed forced notification does not come back', () => {
    notifySuccess('Zapisano', { forced: true });
    dismissNotification();
    $notification.set(null);
    resetNotification();
    expect($notification.get()).toBeNull();
  });
});

describe('progress of API requests', () => {
  it('shows only for requests still running after the throttle, and hides when the last one ends', async () => {
    vi.useFakeTimers();
    const answers: ((r: Response) => void)[] = [];
    const fetch = trackProgress(() => new Promise<Response>((resolve) => answers.push(resolve)));
    const first = fetch('/api/basket');
    const second = fetch('/api/auth/getUser');
    expect($progress.get()).toEqual({ inFlight: 2, visible: false });
    vi.advanceTimersByTime(PROGRESS_THROTTLE_MS);
    expect($progress.get()).toEqual({ inFlight: 2, visible: true });
    answers[0]!(new Response('{}'));
    await first;
    expect($progress.get()).toEqual({ inFlight: 1, visible: true });
    answers[1]!(new Response('{}'));
    await second;
    expect($progress.get()).toEqual({ inFlight: 0, visible: false });
  });

  it('never shows for a fast request, and counts a failed one as ended', async () => {
    vi.useFakeTimers();
    await trackProgress(async () => new Response('{}'))('/api/basket');
    await expect(
      trackProgress(async () => {
        throw new TypeError('offline');
      })('/api/basket'),
    ).rejects.toThrow('offline');
    vi.advanceTimersByTime(PROGRESS_THROTTLE_MS * 2);
    expect($progress.get()).toEqual({ inFlight: 0, visible: false });
  });

  it('follows the typed client’s requests', async () => {
    let seen: unknown;
    const client = createApiClient({
      fetch: async () => {
        seen = $progress.get().inFlight;
        return new Response('{"user":null}', { headers: { 'content-type': 'application/json' } });
      },
    });
    await client.auth.getUser.$get();
    expect(seen).toBe(1);
    expect($progress.get().inFlight).toBe(0);
  });
});

describe('fetch state', () => {
  it('stays pending at least the minimum display time, then records the time of the data', async () => {
    let clock = 1000;
    const state = createFetchState(200, () => clock);
    const started = performance.now();
    const run = state.run(async () => {
      clock += 20;
      return true;
    });
    expect(state.$state.get().pending).toBe(true);
    await run;
    expect(performance.now() - started).toBeGreaterThanOrEqual(170);
    expect(state.$state.get()).toEqual({ pending: false, error: false, timestamp: 1020 });
  });

  it('marks an error and keeps the last good timestamp', async () => {
    const state = createFetchState(0, () => 5);
    await state.run(async () => true);
    expect(await state.run(async () => Promise.reject(new Error('offline')))).toBe(false);
    expect(state.$state.get()).toEqual({ pending: false, error: true, timestamp: 5 });
  });
});

describe('basket (read side)', () => {
  it('replaces the page’s basket with the server’s', async () => {
    const body = { id: 'b1', itemCount: 2, currency: 'PLN', lines: [], summary: { totalValue: 4200 } };
    const ok = await loadBasket(
      createApiClient({
        fetch: async () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
      }),
    );
    expect(ok).toBe(true);
    expect($basket.get()).toEqual(body);
    expect(basketFetch.$state.get()).toMatchObject({ pending: false, error: false });
  });

  it('keeps what it had and reports an error when the server fails', async () => {
    $basket.set(null);
    const ok = await loadBasket(createApiClient({ fetch: async () => new Response('{}', { status: 500 }) }));
    expect(ok).toBe(false);
    expect($basket.get()).toBeNull();
    expect(basketFetch.$state.get().error).toBe(true);
  });
});
