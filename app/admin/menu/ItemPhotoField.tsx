import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import { TextField } from '../forms/fields.tsx';

/**
 * The dish's photo in its form: the place the photo upload takes (issue 38's `photos` work replaces this file's
 * field with its own; the form reads nothing else of it). Today the photo's address as text.
 */
export function ItemPhotoField({ locale }: { locale: UiLocale }) {
  const t = inLocale(locale);
  return <TextField name="photo" locale={locale} label={m.admin_menu_field_photo({}, t)} />;
}
