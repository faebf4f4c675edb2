import { map } from 'nanostores';

/** Spec section 9: a loading state stays at least this long, so a fast answer does not flash a spinner. */
const FETCH_MIN_DISPLAY_MS = 200;

/** Spec section 4: the state of one data fetch. `timestamp` is when data last arrived (ms), or null. */
export type FetchState = { pending: boolean; error: boolean; timestamp: number | null };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A fetch state and the one way to change it: `run(load)` marks it pending, runs `load`, and ends the pending state
 * no sooner than `minDisplayMs` after it began. `load` resolving false (or throwing) marks it as an error.
 */
export function createFetchState(minDisplayMs = FETCH_MIN_DISPLAY_MS, now: () => number = Date.now) {
  const $state = map<FetchState>({ pending: false, error: false, timestamp: null });
  async function run(load: () => Promise<boolean>): Promise<boolean> {
    const started = now();
    $state.set({ ...$state.get(), pending: true, error: false });
    let ok: boolean;
    try {
      ok = await load();
    } catch {
      ok = false;
    }
    const left = minDisplayMs - (now() - started);
    if (left > 0) await wait(left);
    $state.set({ pending: false, error: !ok, timestamp: ok ? now() : $state.get().timestamp });
    return ok;
  }
  return { $state, run };
}
