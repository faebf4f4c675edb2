import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { notifyFailed } from '#app/admin/forms/notify-failed.ts';
import { Dialog } from '#app/ui/dialog.tsx';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { notifySuccess } from '#app/stores/notifications.ts';
import { useHydrated, inLocale } from '#app/account/form-helpers.ts';
import { useEarlyInput } from '#app/forms/early-input.ts';
import { useStore } from '#app/stores/use-store.ts';
import { adminPath, type AdminEntity } from '#domain/admin-routes.ts';
import type { ApiAnswer } from './api-answer.ts';
import type { FormState } from '#app/forms/form.ts';
import { AdminFormProvider, createAdminForm, focusFirstError, rulesOf } from './form-state.tsx';
import { Notice } from '#app/ui/notice.tsx';

type Props<V extends Record<string, unknown>> = {
  locale: UiLocale;
  entity: AdminEntity;
  /** The item shown and edited; none on the add screen. */
  id?: string | undefined;
  schema: StandardSchemaV1<V>;
  /** The add form's starting values. */
  empty: V;
  load?: (id: string) => Promise<ApiAnswer<V>>;
  /** Creates (without id) or updates; answers the item's id and, for a create, the success sentence to keep. */
  save: (values: V, id: string | undefined) => Promise<ApiAnswer<{ id: string | number; message?: string }>>;
  /** Deletes after a confirmation; none where the entity cannot be deleted. */
  remove?: (id: string) => Promise<ApiAnswer<unknown>>;
  children: ReactNode;
};

/**
 * The one add/edit form of the admin area (issue 16): the islands' form model (createForm, decision 049) checked
 * by the entity's arktype type (the one the API checks with): each field on change, the whole form on submit with
 * the cursor put on the first field in error. The submit button is disabled until the island has hydrated (and, on
 * a show screen, the item loaded); what was typed before that is kept. The API's field rules are put under their
 * fields, and any failure is shown as 'An error occurred while performing the action' with the reason. After
 * adding, the kept success notification lands on the new item's show screen (spec section 4); deleting asks first
 * in a <dialog>.
 */
export default function AdminForm<V extends Record<string, unknown>>(props: Props<V>) {
  const { locale, entity, id, schema, empty, load, save, remove, children } = props;
  const t = inLocale(locale);
  const hydrated = useHydrated();
  const [state, setState] = useState<'loading' | 'ready' | 'missing'>(id && load ? 'loading' : 'ready');
  // One form per mounted screen: the schema and the empty values are the screen's own.
  const [form] = useState(() => createAdminForm(empty, schema));
  const status = useStore(form.$state).status;
  const element = useRef<HTMLFormElement>(null);
  useEarlyInput(element, form.adopt);
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    if (!id || !load) return;
    void load(id).then((answer) => {
      if (answer.ok) {
        form.reset(answer.data as Partial<V>);
        setState('ready');
      } else {
        setState('missing');
        if (answer.status !== 404) failed(answer.key);
      }
    });
    // Loads once per item (form is stable).
  }, [id]);

  function failed(key: string | undefined) {
    notifyFailed(key, locale);
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.$state.get().status === 'sending') return;
    const first = form.check();
    if (first) return focusFirstError(element.current, form, first);
    const values = form.$state.get().values;
    // A rule across fields that no field shows still stops the save, and says so.
    if (Object.keys(rulesOf(schema, values)).length > 0) return failed('validation');
    form.$state.setKey('status', 'sending');
    const answer = await save(values, id);
    if (!answer.ok) {
      focusFirstError(element.current, form, form.refuse(answer.details as FormState<V>['errors']));
      failed(answer.key);
      return;
    }
    if (id) {
      notifySuccess(m.admin_forms_saved({}, t));
      form.reset(values);
      return;
    }
    form.$state.setKey('status', 'done');
    notifySuccess(answer.data.message ?? m.admin_forms_created({}, t), { forced: true });
    window.location.assign(adminPath(locale, { screen: 'show', entity, id: String(answer.data.id) }));
  };

  const onDelete = async () => {
    setAsking(false);
    if (!id || !remove) return;
    const answer = await remove(id);
    if (!answer.ok) return failed(answer.key);
    notifySuccess(m.admin_forms_deleted({}, t), { forced: true });
    window.location.assign(adminPath(locale, { screen: 'list', entity, page: 1 }));
  };

  if (state === 'missing') return <p className="admin-missing">{m.admin_forms_notFound({}, t)}</p>;
  const busy = !hydrated || state !== 'ready' || status !== 'editing';
  return (
    <AdminFormProvider form={form}>
      <form
        ref={element}
        className="admin-form"
        method="post"
        noValidate
        aria-busy={state === 'loading' ? true : undefined}
        onSubmit={(event) => void onSubmit(event)}
      >
        {state === 'loading' && <Notice tone="news">{m.admin_forms_loading({}, t)}</Notice>}
        {children}
        <div className="admin-actions">
          <button className="button" type="submit" disabled={busy}>
            {id ? m.admin_forms_save({}, t) : m.admin_forms_create({}, t)}
          </button>
          {id && remove && (
            <button className="button admin-danger" type="button" disabled={busy} onClick={() => setAsking(true)}>
              {m.admin_forms_delete({}, t)}
            </button>
          )}
        </div>
      </form>
      {id && remove && (
        <Dialog
          open={asking}
          className="admin-dialog"
          aria-labelledby="admin-delete-question"
          onClose={() => setAsking(false)}
        >
          <p id="admin-delete-question">{m.admin_forms_deleteConfirm({}, t)}</p>
          <div className="admin-actions">
            <button className="button admin-danger" type="button" onClick={() => void onDelete()}>
              {m.admin_forms_delete({}, t)}
            </button>
            <button className="button admin-secondary" type="button" onClick={() => setAsking(false)}>
              {m.admin_forms_cancel({}, t)}
            </button>
          </div>
        </Dialog>
      )}
    </AdminFormProvider>
  );
}
