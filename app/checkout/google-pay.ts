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
  /**
   * Google's own "Pay with Google Pay" button, which Google's brand rules ask for; null where the sheet is not
   * Google's (the sandbox: the page's own submit button opens its sheet) or where it cannot be loaded.
   */
  button(request: PaymentDataRequest, options: { locale: string; onClick: () => void }): Promise<HTMLElement | null>;
}

// ---- The sandbox's sheet ---------------------------------------------------------------------------------------

/** The sandbox sheet on screen: the request it shows and how it answers (GooglePaySheet.tsx renders it). */
export type SandboxSheet = {
  request: PaymentDataRequest;
  answer: (outcome: 'approve' | 'decline' | 'close') => void;
};
export const $sandboxSheet = atom<SandboxSheet | null>(null);

/** The sandbox charges tokens that start with this (server/services/payments/providers/sandbox/client.ts); others are declined. */
const SANDBOX_OK = 'sandbox-ok';

export const sandboxGooglePay: GooglePayAdapter = {
  async isReadyToPay() {
    return true;
  },
  async button() {
    return null;
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
  createButton(options: GoogleButtonOptions): HTMLElement;
};
type GoogleGlobal = { payments: { api: { PaymentsClient: new (options: object) => GooglePaymentsClient } } };

/** ButtonOptions of Google's PaymentsClient.createButton. */
export type GoogleButtonOptions = {
  onClick: () => void;
  allowedPaymentMethods: PaymentDataRequest['allowedPaymentMethods'];
  buttonColor: 'default' | 'black' | 'white';
  buttonType: 'pay' | 'buy' | 'plain';
  buttonSizeMode: 'static' | 'fill';
  buttonLocale: string;
};

/**
 * The button for the page's language: Google's "pay" button, filling the width our submit button had. Google
 * names Ukrainian "uk"; the site calls it "ua".
 */
export function googleButtonOptions(
  request: PaymentDataRequest,
  options: { locale: string; onClick: () => void },
): GoogleButtonOptions {
  return {
    onClick: options.onClick,
    allowedPaymentMethods: request.allowedPaymentMethods,
    buttonColor: 'default',
    buttonType: 'pay',
    buttonSizeMode: 'fill',
    buttonLocale: options.locale === 'ua' ? 'uk' : options.locale,
  };
}

const GOOGLE_PAY_SCRIPT = 'https://pay.google.com/gp/p/js/pay.js';
let googleScript: Promise<GoogleGlobal> | null = null;

const loadedGoogle = () => {
  const google = (globalThis as { google?: Partial<GoogleGlobal> }).google;
  return google?.payments?.api ? (google as GoogleGlobal) : null;
};

function loadGoogleScript(): Promise<GoogleGlobal> {
  const loaded = loadedGoogle();
  if (loaded) return Promise.resolve(loaded);
  googleScript ??= new Promise<GoogleGlobal>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_PAY_SCRIPT;
    script.async = true;
    script.onload = () => {
      const google = loadedGoogle();
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
  // One client per page, as Google asks: the button and the sheet share it.
  let paymentsClient: Promise<GooglePaymentsClient> | null = null;
  const client = () => {
    paymentsClient ??= loadGoogleScript().then((google) => new google.payments.api.PaymentsClient({ environment }));
    paymentsClient.catch(() => (paymentsClient = null));
    return paymentsClient;
  };
  const readiness = async (request: PaymentDataRequest) =>
    (
      await (
        await client()
      ).isReadyToPay({
        apiVersion: request.apiVersion,
        apiVersionMinor: request.apiVersionMinor,
        allowedPaymentMethods: request.allowedPaymentMethods,
      })
    ).result;
  return {
    async isReadyToPay(request) {
      try {
        return await readiness(request);
      } catch {
        return false;
      }
    },
    async button(request, options) {
      try {
        if (!(await readiness(request))) return null;
        return (await client()).createButton(googleButtonOptions(request, options));
      } catch {
        return null;
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
const googleAdapters = new Map<'TEST' | 'PRODUCTION', GooglePayAdapter>();
export const googlePayAdapter = (config: { sandbox: boolean; googlePay: GooglePayConfig | null }): GooglePayAdapter => {
  if (config.sandbox) return sandboxGooglePay;
  const environment = config.googlePay?.environment ?? 'TEST';
  let adapter = googleAdapters.get(environment);
  if (!adapter) googleAdapters.set(environment, (adapter = googleGooglePay(environment)));
  return adapter;
};
