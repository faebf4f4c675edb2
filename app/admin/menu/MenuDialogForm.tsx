import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Dialog } from '#app/ui/dialog.tsx';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import type { ApiAnswer } from '../forms/api-answer.ts';
import type { FormState } from '#app/forms/form.ts';
import { useStore } from '#app/stores/use-store.ts';
import { AdminFormProvider, createAdminForm, focusFirstError, rulesOf } from '../forms/form-state.tsx';

type Props<V extends Record<string, unknown>> = {
  locale: UiLocale;
  title: string;
  schema: StandardSchemaV1<V>;
  values: V;
  save: (values: V) => Promise<ApiAnswer<unknown>>;
  /** After a saved change; the editor reloads the menu. */
  onSaved: () => void;
  /** Any other failure, shown as the admin's 'An error occurred…' notification. */
  onFailed: (key: string | undefined) => void;
  onClose: () => void;
  children: ReactNode;
};

/**
 * A menu row's add or edit form in a modal <dialog> (the browser keeps the focus inside, Escape closes it): the
 * admin forms' pattern (the islands' form model checked by the API's own arktype type, the API's field rules put
 * under their fields), without leaving the restaurant's page.
 */
export function MenuDialogForm<V extends Record<string, unknown>>(props: Props<V>) {
  const { locale, title, schema, values, save, onSaved, onFailed, onClose, children } = props;
  const t = inLocale(locale);
  const titleId = useId();
  // The dialog opens anew for each row, so its values are read once.
  const [form] = useState(() => createAdminForm(values, schema));
  const sending = useStore(form.$state).status === 'sending';
  const element = useRef<HTMLFormElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.$state.get().status === 'sending') return;
    const first = form.check();
    const data = form.$state.get().values;
    // A rule broken where no field shows it must still say so: the save never silently does nothing.
    if (first || Object.keys(rulesOf(schema, data)).length > 0) {
      focusFirstError(element.current, form, first);
      return onFailed('validation');
    }
    form.$state.setKey('status', 'sending');
    const answer = await save(data);
    if (answer.ok) {
      form.$state.setKey('status', 'done');
      return onSaved();
    }
    focusFirstError(element.current, form, form.refuse(answer.details as FormState<V>['errors']));
    onFailed(answer.key);
  };

  return (
    <Dialog className="admin-dialog admin-menu-dialog" aria-labelledby={titleId} onClose={onClose}>
      <AdminFormProvider form={form}>
        <form ref={element} className="admin-form" method="post" noValidate onSubmit={(event) => void onSubmit(event)}>
          <h2 id={titleId}>{title}</h2>
          {children}
          <div className="admin-actions">
            <button className="button" type="submit" disabled={sending}>
              {m.admin_forms_save({}, t)}
            </button>
            <button className="button admin-secondary" type="button" onClick={onClose}>
              {m.admin_forms_cancel({}, t)}
            </button>
          </div>
        </form>
      </AdminFormProvider>
    </Dialog>
  );
}
