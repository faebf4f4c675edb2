import { isOrderStatus } from '#domain/orders.ts';
import { messageLocale, type UiLocale } from '#i18n/messages.ts';
import { STATUS_NAME } from '#app/orders/status-texts.ts';

/** An order status in the interface language (the customer's wording, which staff read too). */
export const statusName = (status: string | null, locale: UiLocale) =>
  status && isOrderStatus(status) ? STATUS_NAME[status]({}, { locale: messageLocale(locale) }) : (status ?? '');

const intlLocale = (locale: UiLocale) => (locale === 'ua' ? 'uk' : locale);

/** Date and time as staff read them, in the browser's time zone. */
export const dateTime = (iso: string, locale: UiLocale) =>
  new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));

export const time = (iso: string, locale: UiLocale) =>
  new Intl.DateTimeFormat(intlLocale(locale), { timeStyle: 'short' }).format(new Date(iso));
