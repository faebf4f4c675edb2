import { type } from 'arktype';
import type { BusyChoice } from '#domain/kitchen-capacity.ts';

/** Busy mode as a board taps it; the domain checks the minutes against the board's choices (startBusyMode). */
export const busyBody = type({
  kind: "'extraTime'",
  extraMinutes: 'number.integer',
  'forMinutes?': '0 < number.integer <= 1440 | null',
})
  .or({ kind: "'paused'", reason: 'string <= 400', 'forMinutes?': '0 < number.integer <= 1440 | null' })
  .or({ kind: "'none'" });

export function busyChoiceOf(body: typeof busyBody.infer): BusyChoice | null {
  if (body.kind === 'none') return null;
  if (body.kind === 'extraTime') {
    return { kind: 'extraTime', extraMinutes: body.extraMinutes, forMinutes: body.forMinutes ?? null };
  }
  return { kind: 'paused', reason: body.reason, forMinutes: body.forMinutes ?? null };
}
