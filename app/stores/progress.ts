import { atom } from 'nanostores';

/** Spec section 9: the load indicator shows only for requests slower than 200 ms and fills over 5000 ms. */
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 5000;

/** How many API requests are in flight, and whether the bar shows (only after the throttle has passed). */
export type ProgressState = { inFlight: number; visible: boolean };

export const $progress = atom<ProgressState>({ inFlight: 0, visible: false });

let showTimer: ReturnType<typeof setTimeout> | undefined;

/** A request started: the bar appears if requests are still running after the throttle. */
function requestStarted(): void {
  const { inFlight, visible } = $progress.get();
  $progress.set({ inFlight: inFlight + 1, visible });
  if (inFlight === 0 && !visible) {
    clearTimeout(showTimer);
    showTimer = setTimeout(() => {
      const now = $progress.get();
      if (now.inFlight > 0) $progress.set({ ...now, visible: true });
    }, PROGRESS_THROTTLE_MS);
  }
}

/** A request ended (answered or failed): the bar goes when the last one has. */
function requestEnded(): void {
  const inFlight = Math.max(0, $progress.get().inFlight - 1);
  if (inFlight === 0) clearTimeout(showTimer);
  $progress.set({ inFlight, visible: inFlight > 0 && $progress.get().visible });
}

type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Response | Promise<Response>;

/** Wraps the typed client's fetch so every API request moves the progress bar (spec section 7). */
export function trackProgress(base: Fetch): Fetch {
  return async (input, init) => {
    requestStarted();
    try {
      return await base(input, init);
    } finally {
      requestEnded();
    }
  };
}
