import type { PaymentProvider, PayuConfig } from '../../provider.ts';
import type { ProviderHttp } from '../http.ts';
import { createOrder, orderState, PAYU, payuConnection } from './client.ts';
import { readNotification } from './notification.ts';
import { refundOrder } from './refund.ts';

/**
 * PayU, REST API 2.1 (docs/decisions/014-payment-providers.md cites the references). OAuth client-credentials
 * token cached until it expires; one order per payment, `extOrderId` = our payment id, so a retried create is
 * refused as a duplicate instead of charging twice; notifications signed in `OpenPayu-Signature` with the POS's
 * second key; refunds keyed by our `extRefundId`. This factory only assembles `client.ts`, `notification.ts` and
 * `refund.ts`.
 */
export function createPayuProvider(config: PayuConfig, http: ProviderHttp): PaymentProvider {
  const conn = payuConnection(config, http);
  return {
    name: PAYU,
    methods: ['blik', 'googlePay', 'fastTransfer'],
    googlePay: { gateway: 'payu', gatewayMerchantId: config.posId },
    // A payment stores PayU's orderId, which every notification names.
    notificationsNameStoredId: true,
    createPayment: (order, method, details) => createOrder(conn, order, method, details),
    receiveNotification: (rawBody, headers) => readNotification(config.secondKey, rawBody, headers),
    fetchState: (payment) => orderState(conn, payment),
    refund: (payment, amount, refundId) => refundOrder(conn, payment, amount, refundId),
  };
}
