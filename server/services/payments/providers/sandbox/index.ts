import type { NotificationDelivery, SandboxProvider } from '../../provider.ts';
import { createPayment, paymentState, SANDBOX_PROVIDER, verifiedReturnUrl } from './client.ts';
import { readNotification } from './notification.ts';
import { notifyNow, sandboxNotifier, settled } from './notifier.ts';
import { refund } from './refund.ts';

/**
 * The built-in sandbox provider. It behaves like a Polish payment gateway, and these are its test inputs:
 *
 * - Blik: any 6-digit code is authorised (the customer "confirms" at once and a signed `paid` notification
 *   follows), except SANDBOX_FAILING_BLIK_CODE (`client.ts`), which the bank always refuses.
 * - Fast transfer: answers a redirect to our sandbox bank page (/sandbox-bank/:paymentId), where the customer
 *   presses Pay or Cancel; either sends a signed notification and returns the customer to the summary page.
 * - Google Pay: a token starting with SANDBOX_GOOGLE_PAY_OK_PREFIX (`client.ts`) is charged at once (`paid`, plus
 *   the notification a gateway also sends); any other token is declined.
 * - Refunds always succeed at once.
 *
 * This factory only assembles `client.ts`, `notification.ts`, `notifier.ts` (its notifications to our webhook)
 * and `refund.ts`.
 */
export function createSandboxProvider(options: {
  /** Signs the notifications posted to our webhook. */
  webhookSecret: string;
  /** Signs the bank page's links: a purpose of its own, so neither key can stand in for the other. */
  bankLinkSecret: string;
  publicBaseUrl: string;
  deliver?: NotificationDelivery;
}): SandboxProvider {
  const notifier = sandboxNotifier(options);
  const bank = { bankLinkSecret: options.bankLinkSecret, publicBaseUrl: options.publicBaseUrl };
  return {
    name: SANDBOX_PROVIDER,
    methods: ['blik', 'googlePay', 'fastTransfer'],
    // Google's own test gateway: its TEST environment hands out tokens for it without any merchant account.
    googlePay: { gateway: 'example', gatewayMerchantId: 'exampleGatewayMerchantId' },
    notificationsNameStoredId: true,
    delivered: notifier.delivered,
    createPayment: (order, method, details) => createPayment(notifier, bank, order, method, details),
    receiveNotification: (rawBody, headers) => readNotification(options.webhookSecret, rawBody, headers),
    fetchState: paymentState,
    refund,
    notify: (notification) => notifyNow(notifier, notification),
    settled: () => settled(notifier),
    deliverThrough(next) {
      notifier.deliver = next;
    },
    verifiedReturnUrl: (paymentId, returnUrl, signature) => verifiedReturnUrl(bank, paymentId, returnUrl, signature),
  };
}
