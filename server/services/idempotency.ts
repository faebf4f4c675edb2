import { AppError } from '#server/errors.ts';

/**
 * The idempotency rule the verbs under an `Idempotency-Key` share (place-order, the payment retry): a call that
 * finds its key already recorded repeats that call when what made it is the same (place-order's request hash, the
 * retry's method), and answers the earlier outcome; the key reused for another call is refused (409).
 */
export function replayIfSameCall<T>(earlier: T, recorded: string | null, asked: string): { replay: T } {
  if (recorded !== asked) throw new AppError('idempotencyKeyReused');
  return { replay: earlier };
}
