import type { StaffAction } from '#domain/staff-actions.ts';
import type { RejectionReason } from '#domain/kitchen-alarms.ts';
import type { StaffOrder } from '#server/services/admin/orders/detail.ts';
import { api } from '#app/api-client.ts';

export type ActionAnswer = { ok: true; order: StaffOrder } | { ok: false; error: string };

/** Sends one staff action (accept with minutes, reject with a reason, ready, …); the answer carries the order as it is now. */
export async function sendStaffAction(
  orderId: string,
  action: StaffAction,
  preparationMinutes?: number,
  rejectionReason?: RejectionReason,
): Promise<ActionAnswer> {
  try {
    const response = await api.admin.orders[':id'].actions.$post({
      param: { id: orderId },
      json: {
        action,
        ...(preparationMinutes === undefined ? {} : { preparationMinutes }),
        ...(rejectionReason === undefined ? {} : { rejectionReason }),
      },
    });
    if (response.ok) return { ok: true, order: (await response.json()).order as StaffOrder };
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    return { ok: false, error: body.error ?? 'internalError' };
  } catch {
    return { ok: false, error: 'internalError' };
  }
}
