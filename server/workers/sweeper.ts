import type { AppDeps } from '#server/context.ts';
import { deleteExpiredSessions } from '#server/services/auth/sessions.ts';
import { sweepOverdueOrders } from '#server/services/orders/sweep.ts';
import { deleteEndedRateLimits } from '#server/services/rate-limit/sweep.ts';
import { errorOf, log } from '#server/observability/log.ts';
import { sweepFinished } from '#server/observability/metrics.ts';

const SWEEP_INTERVAL_MS = 15_000;

/** One round: order timeouts, then rows nothing reads any more. One failing does not stop the others. */
async function sweepOnce(deps: AppDeps): Promise<void> {
  try {
    const result = await sweepOverdueOrders(deps);
    if (Object.values(result).some((n) => n > 0)) log.info(result, 'sweep');
    // The lag the metrics report: a round that failed leaves the last good one's time standing.
    sweepFinished();
  } catch (error) {
    log.error({ err: errorOf(error) }, 'sweep failed');
  }
  try {
    await deleteExpiredSessions(deps);
    await deleteEndedRateLimits(deps);
  } catch (error) {
    log.error({ err: errorOf(error) }, 'sweep of expired sessions and rate limits failed');
  }
}

/**
 * Runs the order timeouts and deletes expired sessions and ended rate-limit windows every `intervalMs` in this
 * process. Every process may run one: the sweep takes its orders with SKIP LOCKED, and the deletes remove only
 * rows no request would accept. `stop()` waits for a sweep in progress, so shutdown closes the database after it.
 */
export function startSweeper(deps: AppDeps, intervalMs = SWEEP_INTERVAL_MS): { stop: () => Promise<void> } {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = sweepOnce(deps).finally(() => {
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
