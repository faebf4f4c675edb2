import type { AppDeps } from '#server/app.ts';
import { sweepOverdueOrders } from '#server/services/orders/sweep.ts';

export const SWEEP_INTERVAL_MS = 15_000;

/**
 * Runs the order timeouts every `intervalMs` in this process. Every process may run one: the sweep takes its
 * orders with SKIP LOCKED. `stop()` waits for a sweep in progress, so shutdown closes the database after it.
 */
export function startSweeper(deps: AppDeps, intervalMs = SWEEP_INTERVAL_MS): { stop: () => Promise<void> } {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = sweepOverdueOrders(deps)
      .then((result) => {
        if (result.canceled + result.rejected + result.refunded > 0) console.log(`sweep: ${JSON.stringify(result)}`);
      })
      .catch((error: unknown) => console.error('sweep failed', error))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
