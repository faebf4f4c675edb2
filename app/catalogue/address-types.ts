import type { UiLocale } from '#i18n/messages.ts';

/** The home page's address entry texts, resolved by the page in its language (see texts.ts). */
export type AddressTexts = Record<
  | 'title'
  | 'street'
  | 'streetNo'
  | 'zip'
  | 'city'
  | 'save'
  | 'change'
  | 'nearby'
  | 'hint'
  | 'empty'
  | 'loading'
  | 'error'
  | 'open'
  | 'closed'
  | 'unavailable'
  | 'deliveryCost'
  | 'cityLink'
  | 'notEmpty'
  | 'isValidZipCode',
  string
>;

export type AddressEntryProps = { locale: UiLocale; action: string; texts: AddressTexts };
