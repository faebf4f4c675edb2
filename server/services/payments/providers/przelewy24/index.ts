import type { PaymentProvider, Przelewy24Config } from '../../provider.ts';
import type { ProviderHttp } from '../http.ts';
import { p24Connection, PRZELEWY24, registerPayment, transactionState } from './client.ts';
import { confirmPaid, readNotification } from './notification.ts';
import { refundTransaction } from './refund.ts';

/**
 * Przelewy24, REST API v1 (docs/decisions/014-payment-providers.md). Every `sign` is SHA-384 of a JSON object with
 * the CRC key (`sign.ts`). A transaction is settled only after our verify call, so a notification becomes "paid"
 * only once that call succeeds. This factory only assembles `client.ts`, `notification.ts` and `refund.ts`.
 */
export function createPrzelewy24Provider(config: Przelewy24Config, http: ProviderHttp): PaymentProvider {
  const conn = p24Connection(config, http);
  const googlePayMethodId = config.googlePayMethodId;
  return {
    name: PRZELEWY24,
    methods: googlePayMethodId ? ['blik', 'googlePay', 'fastTransfer'] : ['blik', 'fastTransfer'],
    // Przelewy24's Google Pay: the gateway "przelewy24", our merchant id as the gateway's merchant id.
    googlePay: googlePayMethodId ? { gateway: PRZELEWY24, gatewayMerchantId: String(config.merchantId) } : null,
    // A payment stores the registration token; the notification names Przelewy24's order id, known only then.
    notificationsNameStoredId: false,
    createPayment: (order, method, details) => registerPayment(conn, order, method, details),
    receiveNotification: (rawBody) => readNotification(config, rawBody),
    confirmPaid: (notification) => confirmPaid(conn, notification),
    fetchState: (payment) => transactionState(conn, payment),
    refund: (payment, amount, refundId) => refundTransaction(conn, payment, amount, refundId),
  };
}
