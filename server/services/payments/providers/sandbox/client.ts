import type { PaymentMethod } from '#domain/country.ts';
import type { CreatedPayment, PaymentDetails, PaymentOrder, PaymentState } from '../../provider.ts';
import { signBody, verifyBodySignature } from '../../signature.ts';
import { newId, notifyLater, type SandboxNotifier } from './notifier.ts';

/**
 * What the sandbox answers the calls a real gateway answers over HTTP, in-process. Its test inputs are described
 * in `index.ts`.
 */
export const SANDBOX_PROVIDER = 'sandbox';
const SANDBOX_FAILING_BLIK_CODE = '777123';
const SANDBOX_GOOGLE_PAY_OK_PREFIX = 'sandbox-ok';

/** The bank page's links are signed with a key of their own, so neither key can stand in for the other. */
export type SandboxBank = { bankLinkSecret: string; publicBaseUrl: string };

const bankSignature = (bank: SandboxBank, paymentId: string, returnUrl: string): string =>
  signBody(bank.bankLinkSecret, `bank-return:${paymentId}:${returnUrl}`);

export async function createPayment(
  notifier: SandboxNotifier,
  bank: SandboxBank,
  order: PaymentOrder,
  method: PaymentMethod,
  details: PaymentDetails,
): Promise<CreatedPayment> {
  const externalId = newId('sbx');
  const paid = { paymentId: order.paymentId, externalId, amount: order.amount, currency: order.currency };
  switch (method) {
    case 'blik':
      if (details.blikCode === SANDBOX_FAILING_BLIK_CODE) return { status: 'failed', externalId };
      notifyLater(notifier, { ...paid, status: 'paid' });
      return { status: 'pending', externalId };
    case 'googlePay':
      if (!details.googlePayToken?.startsWith(SANDBOX_GOOGLE_PAY_OK_PREFIX)) return { status: 'failed', externalId };
      notifyLater(notifier, { ...paid, status: 'paid' });
      return { status: 'paid', externalId };
    case 'fastTransfer': {
      const url = new URL(`/sandbox-bank/${order.paymentId}`, bank.publicBaseUrl);
      url.searchParams.set('return', order.returnUrl);
      url.searchParams.set('sig', bankSignature(bank, order.paymentId, order.returnUrl));
      return { status: 'pending', externalId, redirectUrl: url.toString() };
    }
    case 'cashOnDelivery':
    case 'cardOnDelivery':
      throw new Error(`sandbox: ${method} is paid to the courier, not online`);
  }
}

/** The customer's return address carried by a bank-page link, when its signature holds. */
export function verifiedReturnUrl(
  bank: SandboxBank,
  paymentId: string,
  returnUrl: string | undefined,
  signature: string | undefined,
): string | null {
  if (!returnUrl || !verifyBodySignature(bank.bankLinkSecret, `bank-return:${paymentId}:${returnUrl}`, signature))
    return null;
  return returnUrl;
}

// The sandbox's notifications are sent at once and never lost: there is nothing more to ask it.
export const paymentState = async (): Promise<PaymentState> => 'pending';
