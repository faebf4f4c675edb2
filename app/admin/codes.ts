import { messageLocale, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { PROVIDER_NAMES } from '#i18n/admin-list-labels.ts';

/**
 * The words for the codes the database keeps (delivery and payment methods, channels, payment and refund states,
 * why a status changed), for the admin's order page. Each message is named statically: a computed name would make
 * the bundler keep the whole catalogue in the island (see #i18n/messages.ts). A code without words here (one
 * added later) shows as it is rather than as nothing.
 */
type Message = (inputs: Record<string, never>, options: { locale: ReturnType<typeof messageLocale> }) => string;

const DELIVERY: Record<string, Message> = {
  door2door: m.admin_lists_value_delivery_door2door,
  outside: m.admin_lists_value_delivery_outside,
  'leave@door': m.admin_lists_value_delivery_leaveAtDoor,
  pickup: m.admin_lists_value_delivery_pickup,
};
const PAYMENT_METHOD: Record<string, Message> = {
  blik: m.admin_lists_value_payment_blik,
  googlePay: m.admin_lists_value_payment_googlePay,
  fastTransfer: m.admin_lists_value_payment_fastTransfer,
  cashOnDelivery: m.admin_lists_value_payment_cashOnDelivery,
  cardOnDelivery: m.admin_lists_value_payment_cardOnDelivery,
};
const PAYMENT_TYPE: Record<string, Message> = {
  online: m.admin_code_paymentType_online,
  cash: m.admin_code_paymentType_cash,
  card: m.admin_code_paymentType_card,
};
const SOURCE: Record<string, Message> = {
  web: m.admin_lists_value_source_web,
  cc: m.admin_lists_value_source_cc,
  bot: m.admin_lists_value_source_bot,
};
const PAYMENT_STATUS: Record<string, Message> = {
  pending: m.admin_lists_value_paymentStatus_pending,
  paid: m.admin_lists_value_paymentStatus_paid,
  failed: m.admin_lists_value_paymentStatus_failed,
  canceled: m.admin_lists_value_paymentStatus_canceled,
  refunded: m.admin_lists_value_paymentStatus_refunded,
};
const REFUND_STATUS: Record<string, Message> = {
  pending: m.admin_code_refund_pending,
  succeeded: m.admin_code_refund_succeeded,
  failed: m.admin_code_refund_failed,
};
/** Why a status changed or a refund was made (the audit log's and the refund's `reason`). */
const REASON: Record<string, Message> = {
  paid: m.admin_code_reason_paid,
  payOnDelivery: m.admin_code_reason_payOnDelivery,
  paymentTimeout: m.admin_code_reason_paymentTimeout,
  acceptanceTimeout: m.admin_code_reason_acceptanceTimeout,
  latePayment: m.admin_code_reason_latePayment,
  accept: m.admin_code_reason_accept,
  reject: m.admin_code_reason_reject,
  ready: m.admin_code_reason_ready,
  handToCourier: m.admin_code_reason_handToCourier,
  finish: m.admin_code_reason_finish,
  cancel: m.admin_code_reason_cancel,
};
/** The outbox's e-mail kinds. */
const TEMPLATE: Record<string, Message> = {
  activation: m.admin_lists_value_template_activation,
  passwordReset: m.admin_lists_value_template_passwordReset,
  emailChange: m.admin_lists_value_template_emailChange,
  emailChanged: m.admin_lists_value_template_emailChanged,
  contact: m.admin_lists_value_template_contact,
  orderConfirmation: m.admin_lists_value_template_orderConfirmation,
  orderAccepted: m.admin_lists_value_template_orderAccepted,
  orderReadyForPickup: m.admin_lists_value_template_orderReadyForPickup,
  orderOnItsWay: m.admin_lists_value_template_orderOnItsWay,
  orderRejected: m.admin_lists_value_template_orderRejected,
  orderCanceled: m.admin_lists_value_template_orderCanceled,
  orderRefunded: m.admin_lists_value_template_orderRefunded,
  orderStatusLink: m.admin_lists_value_template_orderStatusLink,
};

const wordFor = (table: Record<string, Message>) => (code: string, locale: UiLocale) => {
  const message = Object.hasOwn(table, code) ? table[code] : undefined;
  return message ? message({}, { locale: messageLocale(locale) }) : code;
};

export const deliveryName = wordFor(DELIVERY);
export const paymentMethodName = wordFor(PAYMENT_METHOD);
export const paymentTypeName = wordFor(PAYMENT_TYPE);
export const sourceName = wordFor(SOURCE);
export const paymentStatusName = wordFor(PAYMENT_STATUS);
export const refundStatusName = wordFor(REFUND_STATUS);
export const reasonName = wordFor(REASON);
export const templateName = wordFor(TEMPLATE);
export const providerName = (code: string) => (Object.hasOwn(PROVIDER_NAMES, code) ? PROVIDER_NAMES[code]! : code);
