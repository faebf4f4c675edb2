import { useState, type ChangeEvent } from 'react';
import { errorMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import { Photo } from '#app/catalogue/Photo.tsx';
import { controlProps, FieldNotes } from '#app/ui/field.tsx';
import { TextField } from '../forms/fields.tsx';
import { useField } from '../forms/form-state.tsx';
import { uploadPhoto } from './menu-store.ts';
import './item-photo-field.css';

/**
 * The dish's photo in its form (issue 38, decision 062): a file chosen here is uploaded at once (the server checks
 * it is an image by its content and stores its sizes) and its address fills the photo field, saved with the item.
 * The address may still be typed (a photo kept elsewhere, or none). The upload's refusal is the file box's error, read
 * out at once (an answer to a send), in place of its hint.
 */
export function ItemPhotoField({ locale, restaurantId }: { locale: UiLocale; restaurantId: string }) {
  const t = inLocale(locale);
  const photo = useField<string | null | undefined>('photo');
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setState({ busy: true, error: null });
    const answer = await uploadPhoto(restaurantId, file);
    if (answer.ok) photo.set(answer.data.photo);
    setState({ busy: false, error: answer.ok ? null : errorMessage(answer.key, locale) });
  };

  const frame = {
    id: 'item-photo',
    label: m.admin_menu_photo_upload({}, t),
    hint: state.busy ? m.admin_menu_photo_uploading({}, t) : state.error ? undefined : m.admin_menu_photo_hint({}, t),
    error: state.busy ? undefined : (state.error ?? undefined),
    look: 'admin' as const,
  };
  return (
    <div className="admin-wide item-photo-field">
      <Photo photo={photo.value} width={160} sizes="10rem" lazy={false} className="item-photo-preview" />
      <label>
        {frame.label}{' '}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          disabled={state.busy}
          {...controlProps(frame)}
          onChange={(event) => void upload(event)}
        />
      </label>
      <FieldNotes {...frame} alert />
      <TextField name="photo" locale={locale} label={m.admin_menu_field_photo({}, t)} />
    </div>
  );
}
