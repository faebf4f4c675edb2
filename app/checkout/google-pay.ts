import { atom } from 'nanostores';

/** What GET /api/payments/config answers for Google Pay (server/services/payments/providers.ts). */
export type GooglePayConfig = {
  gateway: string;
  gatewayMerchantId: string;
  environment: 'TEST' | 'PRODUCTION';
  merchantId: string | null;
  paymentMethodSpecification: {
    type: string;
    parameters: Record<string, unknown>;
    tokenizationSpecification: { type: string; parameters: Record<string, unknown> };
  };
};

/** Google's PaymentDataRequest (API version 2), built from the provider's gateway and the order's total. */
export type PaymentDataRequest = {
  apiVersion: 2;
  apiVersionMinor: 0;
  allowedPaymentMethods: {
    type: string;
    parameters: Record<string, unknown>;
    tokenizationSpecification: { type: string; parameters: Record<string, unknown> };
  }[];
  merchantInfo: { merchantName: string; merchantId?: string };
  transactionInfo: { totalPriceStatus: 'FINAL'; totalPrice: string; currencyCode: string; countryCode: string };
};

export function paymentDataRequest(
  config: GooglePayConfig,
  order: { total: number; currency: string; country: string; merchantName: string },
): PaymentDataRequest {
  const spec = config.paymentMethodSpecification;
  return {
    apiVersion: 2,
    apiVersionMinor: 0,
    allowedPaymentMethods: [
      { type: spec.type, parameters: spec.parameters, tokenizationSpecification: spec.tokenizationSpecification },
    ],
    merchantInfo: {
      merchantName: order.merchantName,
      ...(config.merchantId ? { merchantId: config.merchantId } : {}),
    },
    transactionInfo: {
      totalPriceStatus: 'FINAL',
      // Google wants a decimal string; our money is minor units.
      totalPrice: (order.total / 100).toFixed(2),
      currencyCode: order.currency,
      countryCode: order.country.toUpperCase(),
    },
  };
}

/** The customer closed the sheet: nothing was charged and nothing is placed. */
export class GooglePayClosed extends Error {
  constructor() {
    super('Google Pay closed by the customer');
  }
}

/**
 * How the checkout gets a Google Pay token: Google's own sheet in production, the sandbox provider's sheet where
 * the sandbox takes the payments (no Google script is reachable from a test machine, and the sandbox charges only
 * its own tokens). The checkout never knows which one it talks to.
 */
export interface GooglePayAdapter {
  /** Whether this browser can pay with Google Pay at all. */
  isReadyToPay(request: PaymentDataRequest): Promise<boolean>;
  /** Opens the sheet; resolves to the payment token for the provider, rejects GooglePayClosed when closed. */
  loadPaymentData(request: PaymentDataRequest): Promise<string>;
}

// ---- The sandbox's sheet ---------------------------------------------------------------------------------------

/** The sandbox sheet on screen: the request it shows and how it answers (GooglePaySheet.tsx renders it). */
export type SandboxSheet = {
  request: PaymentDataRequest;
  answer: (outcome: 'approve' | 'decline' | 'close') => void;
};
export const $sandboxSheet = atom<SandboxSheet | null>(null);

/** The sandbox charges tokens that start with this (server/services/payments/sandbox.ts); others are declined. */
const SANDBOX_OK = 'sandbox-ok';

export const sandboxGooglePay: GooglePayAdapter = {
  async isReadyToPay() {
    return true;
  },
  loadPaymentData(request) {
    return new Promise<string>((resolve, reject) => {
      $sandboxSheet.set({
        request,
        answer(outcome) {
          $sandboxSheet.set(null);
          const nonce = crypto.randomUUID();
          if (outcome === 'approve') resolve(`${SANDBOX_OK}-${nonce}`);
          else if (outcome === 'decline') resolve(`sandbox-declined-${nonce}`);
          else reject(new GooglePayClosed());
        },
      });
    });
  },
};

// ---- Google's own sheet ----------------------------------------------------------------------------------------

type GooglePaymentsClient = {
  isReadyToPay(request: object): Promise<{ result: boolean }>;
  loadPaymentData(request: object): Promise<{ paymentMethodData: { tokenizationData: { token: string } } }>;
};
type GoogleGlobal = { payments: { api: { PaymentsClient: new (options: object) => GooglePaymentsClient } } };

const GOOGLE_PAY_SCRIPT = 'https://pay.google.com/gp/p/js/pay.js';
let googleScript: Promise<GoogleGlobal> | null = null;

function loadGoogleScript(): Promise<GoogleGlobal> {
  googleScript ??= new Promise<GoogleGlobal>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_PAY_SCRIPT;
    script.async = true;
    script.onload = () => {
      const google = (globalThis as { google?: GoogleGlobal }).google;
      if (google) resolve(google);
      else reject(new Error('Google Pay script loaded without google.payments'));
    };
    script.onerror = () => {
      googleScript = null;
      reject(new Error('Google Pay script could not be loaded'));
    };
    document.head.append(script);
  });
  return googleScript;
}

/** Google's PaymentsClient in the environment the server configured (TEST unless production is set up). */
export function googleGooglePay(environment: 'TEST' | 'PRODUCTION'): GooglePayAdapter {
  const client = () => loadGoogleScript().then((google) => new google.payments.api.PaymentsClient({ environment }));
  return {
    async isReadyToPay(request) {
      try {
        const answer = await (
          await client()
        ).isReadyToPay({
          apiVersion: request.apiVersion,
          apiVersionMinor: request.apiVersionMinor,
          allowedPaymentMethods: request.allowedPaymentMethods,
        });
        return answer.result;
      } catch {
        return false;
      }
    },
    async loadPaymentData(request) {
      try {
        const data = await (await client()).loadPaymentData(request);
        return data.paymentMethodData.tokenizationData.token;
      } catch (error) {
        // Google rejects with statusCode CANCELED when the customer closes its sheet.
        if ((error as { statusCode?: string } | null)?.statusCode === 'CANCELED') throw new GooglePayClosed();
        throw error;
      }
    },
  };
}

/** The adapter for what the server says takes Google Pay: its sandbox, or a real gateway behind Google's sheet. */
export const googlePayAdapter = (config: { sandbox: boolean; googlePay: GooglePayConfig | null }): GooglePayAdapter =>
  config.sandbox ? sandboxGooglePay : googleGooglePay(config.googlePay?.environment ?? 'TEST');
