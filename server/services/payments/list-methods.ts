import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import type { Db, Tx } from '#db/client.ts';
import { paymentOptions } from '#db/schema/index.ts';
import type { AppDeps } from '#server/context.ts';
import {
  type Channel,
  type Consent,
  type Country,
  hiddenConsents,
  isOnlinePayment,
  isPaymentAvailable,
  isPaymentMethod,
  isPaymentOptionOpenAt,
  type PaymentAvailabilityHours,
  type PaymentMethod,
  requiresProviderTerms,
} from '#domain/country.ts';

export type OfferedPaymentMethod = {
  id: PaymentMethod;
  /** online, cash or card (spec: payment types). */
  group: string;
  subgroup: string | null;
  online: boolean;
  highlighted: boolean;
  translateKey: string;
  imgUrl: string | null;
  mobileImgUrl: string | null;
  /** Whether the option is shown on small screens. */
  mobile: boolean;
  availabilityHours: PaymentAvailabilityHours | null;
  /** Within its availability hours right now, in the country's time zone. */
  availableNow: boolean;
  /** Spec section 5: the payment provider's terms must be accepted (Blik, GooglePay, FastTransfers in Poland). */
  providerTermsRequired: boolean;
};

export type PaymentMethods = {
  country: Country;
  channel: Channel;
  /** Highlighted first, then in the configured order. */
  methods: OfferedPaymentMethod[];
  /** Consent checkboxes the checkout hides in this country (and so does not require). */
  hiddenConsents: Consent[];
};

/**
 * The payment methods a country offers on a channel: the configured options (data: active, listed for the
 * channel), narrowed by the channel rules of spec section 6 and, for online methods, by whether this deployment
 * has a provider for the method in the country. Place-order's and the payment retry's "method not offered"
 * answer follows the same three sources.
 */
export async function listPaymentMethods(
  deps: Pick<AppDeps, 'now' | 'payments'> & { db: Db | Tx },
  input: { country: Country; channel: Channel },
): Promise<PaymentMethods> {
  const { country, channel } = input;
  const rows = await deps.db
    .select()
    .from(paymentOptions)
    .where(
      and(
        eq(paymentOptions.country, country),
        eq(paymentOptions.status, 'active'),
        sql`${channel}::text = any(${paymentOptions.availableFor})`,
      ),
    )
    .orderBy(desc(paymentOptions.highlighted), asc(paymentOptions.position), asc(paymentOptions.id));
  const now = Temporal.Instant.fromEpochMilliseconds(deps.now().getTime());
  const methods: OfferedPaymentMethod[] = [];
  for (const row of rows) {
    const id = row.name;
    if (!isPaymentMethod(id) || !isPaymentAvailable(id, channel, country)) continue;
    const online = isOnlinePayment(id);
    if (online && !deps.payments.forMethod(country, id)) continue;
    methods.push({
      id,
      group: row.group,
      subgroup: row.subgroup,
      online,
      highlighted: row.highlighted,
      translateKey: row.translateKey,
      imgUrl: row.imgUrl,
      mobileImgUrl: row.mobileImgUrl,
      mobile: row.mobile,
      availabilityHours: row.availabilityHours ?? null,
      availableNow: isPaymentOptionOpenAt(row.availabilityHours ?? null, country, now),
      providerTermsRequired: requiresProviderTerms(id, country),
    });
  }
  return { country, channel, methods, hiddenConsents: hiddenConsents(country) };
}
