import { useRef, useState, type FormEvent } from 'react';
import { fieldMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { focusField, useHydrated, inLocale } from '#app/account/form-helpers.ts';
import { createForm } from '#app/forms/form.ts';
import { controlProps } from '#app/ui/field.tsx';
import { useStore } from '#app/stores/use-store.ts';
import { notifyError, notifySuccess } from '#app/stores/notifications.ts';
import { createBotKey } from './bot-keys-store.ts';

/** The server's rule (server/services/admin/bot-keys/create.ts): a name that is not blank, at most 100 characters. */
const NAME_MAX = 100;
const nameForm = () =>
  createForm({ name: '' }, ({ name }) => {
    const trimmed = name.trim();
    return trimmed === '' ? { name: 'notEmpty' } : trimmed.length > NAME_MAX ? { name: 'tooLong' } : {};
  });

/** A new key's name; the key itself appears once, above the list, when it has been made. */
export default function CreateBotKeyForm({ locale, onCreated }: { locale: UiLocale; onCreated: () => void }) {
  const hydrated = useHydrated();
  const t = inLocale(locale);
  const [form] = useState(nameForm);
  const { values, errors } = useStore(form.$state);
  const [sending, setSending] = useState(false);
  const element = useRef<HTMLFormElement>(null);
  // Wired by ui/field.tsx's controlProps; the label and the error keep the bot keys screen's own classes.
  const name = {
    id: 'bot-key-name',
    label: m.admin_botKeys_field_name({}, t),
    error: errors.name ? fieldMessage(errors.name, locale) : undefined,
    required: true,
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const first = form.check();
    if (first) return focusField(element.current, first);
    setSending(true);
    const created = await createBotKey(form.$state.get().values.name.trim());
    setSending(false);
    if (created) {
      notifySuccess(m.admin_botKeys_created({}, t));
      form.reset();
      onCreated();
    } else notifyError(m.admin_botKeys_actionFailed({}, t));
  };

  return (
    <form ref={element} className="bot-keys-create" method="post" noValidate onSubmit={(event) => void onSubmit(event)}>
      <h2>{m.admin_botKeys_create_heading({}, t)}</h2>
      <div className="bot-keys-field">
        <label htmlFor={name.id}>{name.label}</label>
        <input
          type="text"
          name="name"
          autoComplete="off"
          maxLength={NAME_MAX}
          {...controlProps(name)}
          value={values.name}
          onChange={(event) => form.setField('name', event.target.value)}
        />
        {name.error && (
          <p className="bot-keys-field-error" id={`${name.id}-error`}>
            {name.error}
          </p>
        )}
      </div>
      <button type="submit" className="bot-keys-button" disabled={!hydrated || sending}>
        {sending ? m.admin_botKeys_creating({}, t) : m.admin_botKeys_create_submit({}, t)}
      </button>
    </form>
  );
}
