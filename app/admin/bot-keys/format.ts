import { messageLocale, type UiLocale } from '#app/i18n/messages.ts';

/** A moment as the admin's language writes a date and time, in the browser's time zone. */
export const formatMoment = (iso: string, locale: UiLocale): string =>
  new Intl.DateTimeFormat(messageLocale(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
