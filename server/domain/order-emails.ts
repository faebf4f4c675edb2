import type { OrderStatus } from './orders.ts';

/**
 * The e-mails that tell a customer what happened to their order, each an outbox template (admins read the outbox by
 * it). The confirmation goes out when the order reaches the restaurant (placed on delivery, or paid online); the
 * others follow the status changes below, a refund once the provider has made it, and a status link whenever the call
 * centre sends one again.
 */
export const ORDER_EMAIL_TEMPLATES = [
  'orderConfirmation',
  'orderAccepted',
  'orderReadyForPickup',
  'orderOnItsWay',
  'orderRejected',
  'orderCanceled',
  'orderRefunded',
  'orderStatusLink',
] as const;
export type OrderEmailTemplate = (typeof ORDER_EMAIL_TEMPLATES)[number];

/** Every kind of e-mail the outbox holds, the order e-mails' and the others', for the admin's outbox to name. */
export const EMAIL_TEMPLATES = [
  'activation',
  'passwordReset',
  'emailChange',
  'emailChanged',
  'contact',
  // A guest's data request link (decision 052).
  'dataRequest',
  ...ORDER_EMAIL_TEMPLATES,
] as const;
export type StatusChangeEmail = Exclude<OrderEmailTemplate, 'orderConfirmation' | 'orderRefunded' | 'orderStatusLink'>;

/**
 * The e-mail a status change sends, or null when the customer needs none. A delivery order is on its way once the
 * restaurant hands it to the courier (waiting_for_courier → finished, the staff action handToCourier): only then
 * has it left; waiting_for_courier itself is the restaurant's matter and the status page shows it. A pickup order
 * that becomes finished was collected by the customer, who needs no e-mail about it.
 */
export function statusEmailOf(from: OrderStatus, to: OrderStatus): StatusChangeEmail | null {
  switch (to) {
    case 'processing':
      return 'orderAccepted';
    case 'ready_for_pickup':
    case 'waiting_for_pickup':
      return 'orderReadyForPickup';
    case 'finished':
      return from === 'waiting_for_courier' ? 'orderOnItsWay' : null;
    case 'rejected':
      return 'orderRejected';
    case 'canceled':
      return 'orderCanceled';
    default:
      return null;
  }
}

/** The audit reason of a cancellation the call centre made for the customer. */
export const CALL_CENTRE_CANCEL = 'callCentre';

/** Why an order was canceled, as its e-mail explains it: the audit reason of the status change, grouped. */
export type CancelCause = 'paymentTimeout' | 'restaurant' | 'customerService' | 'other';

export function cancelCauseOf(reason: string): CancelCause {
  if (reason === 'paymentTimeout') return 'paymentTimeout';
  if (reason === 'cancel') return 'restaurant';
  if (reason === CALL_CENTRE_CANCEL) return 'customerService';
  return 'other';
}
