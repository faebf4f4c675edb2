import type { Consent, PaymentMethod } from '#domain/country.ts';
import type { InvoiceRequest } from '#domain/invoice.ts';
import type { Lang } from '../access-token.ts';

/** The customer's part of a place-order call; prices and totals are not part of it (the server prices). */
export type PlaceOrderInput = {
  firstname?: string | undefined;
  lastname?: string | undefined;
  phone?: string | undefined;
  email?: string | undefined;
  street?: string | undefined;
  streetNo?: string | undefined;
  aptNo?: string | undefined;
  city?: string | undefined;
  zip?: string | undefined;
  lat?: number | undefined;
  lng?: number | undefined;
  comment?: string | undefined;
  consents: Partial<Record<Consent | 'marketingSms' | 'marketingEmail', boolean>>;
  paymentMethod: PaymentMethod;
  blikCode?: string | undefined;
  googlePayToken?: string | undefined;
  lang?: Lang | undefined;
  /** A company invoice asked for (issue 36): the buyer's company, NIP and address. */
  invoice?: Partial<InvoiceRequest> | undefined;
  /** The slot chosen for a scheduled order (an ISO instant from the schedule offered); left out: as soon as possible. */
  scheduledFor?: string | null | undefined;
};
