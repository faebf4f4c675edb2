import { useForm } from 'react-hook-form';
import { arktypeResolver } from '@hookform/resolvers/arktype';
import { type } from 'arktype';
import { fieldMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { useHydrated, inLocale } from '#app/account/form-helpers.ts';
import { notifyError, notifySuccess } from '#app/stores/notifications.ts';
import { createBotKey } from './bot-keys-store.ts';

/** The server's rule (server/services/admin/bot-keys/create.ts): a name that is not blank, at most 100 characters. */
const NAME_MAX = 100;
const createSchema = type({
  name: type('string').narrow(
    (name, ctx) => (name.trim().length > 0 && name.trim().length <= NAME_MAX) || ctx.reject({}),
  ),
});
type CreateValues = typeof createSchema.infer;

/** A new key's name; the key itself appears once, above the list, when it has been made. */
export default function CreateBotKeyForm({ locale, onCreated }: { locale: UiLocale; onCreated: () => void }) {
  const hydrated = useHydrated();
  const t = inLocale(locale);
  const { register, handleSubmit, reset, watch, formState } = useForm<CreateValues>({
    resolver: arktypeResolver(createSchema),
    defaultValues: { name: '' },
  });
  const nameError = formState.errors.name
    ? fieldMessage(watch('name').trim() === '' ? 'notEmpty' : 'tooLong', locale)
    : null;

  const onSubmit = handleSubmit(async ({ name }) => {
    if (await createBotKey(name.trim())) {
      notifySuccess(m.admin_botKeys_created({}, t));
      reset();
      onCreated();
    } else notifyError(m.admin_botKeys_actionFailed({}, t));
  });

  return (
    <form className="bot-keys-create" method="post" noValidate onSubmit={(event) => void onSubmit(event)}>
      <h2>{m.admin_botKeys_create_heading({}, t)}</h2>
      <div className="bot-keys-field">
        <label htmlFor="bot-key-name">{m.admin_botKeys_field_name({}, t)}</label>
        <input
          id="bot-key-name"
          type="text"
          autoComplete="off"
          maxLength={NAME_MAX}
          required
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? 'bot-key-name-error' : undefined}
          {...register('name')}
        />
        {nameError && (
          <p className="bot-keys-field-error" id="bot-key-name-error">
            {nameError}
          </p>
        )}
      </div>
      <button type="submit" className="bot-keys-button" disabled={!hydrated || formState.isSubmitting}>
        {formState.isSubmitting ? m.admin_botKeys_creating({}, t) : m.admin_botKeys_create_submit({}, t)}
      </button>
    </form>
  );
}
