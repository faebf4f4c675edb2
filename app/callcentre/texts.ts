import { messageLocale, type UiLocale } from '#i18n/messages.ts';

export type { UiLocale } from '#i18n/messages.ts';

/** Paraglide's options for the screen's language (`ua` reads the `uk` messages). */
export const inLocale = (locale: UiLocale) => ({ locale: messageLocale(locale) });
