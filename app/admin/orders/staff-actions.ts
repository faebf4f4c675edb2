import type { StaffAction } from '#domain/staff-actions.ts';
import type { RejectionReason } from '#domain/kitchen-alarms.ts';
import type { StaffOrder } from '#app/api-types.ts';
import { api } from '#app/api-client.ts';
import { readAnswer } from '#app/api-answer.ts';

export type ActionAnswer = { ok: true; order: StaffOrder } | { ok: false; error: string };

/** Sends one staff action (accept with minutes, reject with a reason, ready, …); the answer carries the order as it is now. */
export async function sendStaffAction(
  orderId: string,
  action: StaffAction,
  preparationMinutes?: number,
  rejectionReason?: RejectionReason,
): Promise<ActionAnswer> {
  const answer = await readAnswer(
    api.admin.orders[':id'].actions.$post({
      param: { id: orderId },
      json: {
        action,
        ...(preparationMinutes === undefined ? {} : { preparationMinutes }),
        ...(rejectionReason === undefined ? {} : { rejectionReason }),
      },
    }),
  );
  return answer.ok ? { ok: true, order: answer.data.order } : { ok: false, error: answer.key };
}
