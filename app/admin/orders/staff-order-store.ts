import { atom } from 'nanostores';
import { readAnswer } from '#app/api-answer.ts';
import type { StaffAction } from '#domain/staff-actions.ts';
import type { StaffOrder } from '#app/api-types.ts';
import { api } from '#app/api-client.ts';
import { sendStaffAction } from './staff-actions.ts';
import type { RejectionReason } from '#domain/kitchen-alarms.ts';

export type StaffOrderState =
  | { status: 'loading'; order: null }
  | { status: 'failed'; order: null }
  | { status: 'ready'; order: StaffOrder; busy: boolean };

/** The order an admin's show page handles. */
export const $staffOrder = atom<StaffOrderState>({ status: 'loading', order: null });

export async function loadStaffOrder(id: string): Promise<void> {
  const answer = await readAnswer(api.admin.orders[':id'].$get({ param: { id } }));
  $staffOrder.set(
    answer.ok ? { status: 'ready', order: answer.data.order, busy: false } : { status: 'failed', order: null },
  );
}

/** Runs an action on the shown order; true when it went through (the order is then as the server answered). */
export async function actOnStaffOrder(
  action: StaffAction,
  preparationMinutes?: number,
  rejectionReason?: RejectionReason,
): Promise<boolean> {
  const state = $staffOrder.get();
  if (state.status !== 'ready' || state.busy) return false;
  $staffOrder.set({ ...state, busy: true });
  const answer = await sendStaffAction(state.order.order.id, action, preparationMinutes, rejectionReason);
  if (answer.ok) {
    $staffOrder.set({ status: 'ready', order: answer.order, busy: false });
    return true;
  }
  // Someone else may have moved it meanwhile: show the order as it is now.
  $staffOrder.set({ ...state, busy: false });
  void loadStaffOrder(state.order.order.id);
  return false;
}
