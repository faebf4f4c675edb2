import { useEffect, useState, type ReactNode } from 'react';
import { Dialog } from '#app/ui/dialog.tsx';
import { FormProvider, useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { arktypeResolver } from '@hookform/resolvers/arktype';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { errorMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { notifyError, notifySuccess } from '#app/stores/notifications.ts';
import { useHydrated, inLocale } from '#app/account/form-helpers.ts';
import { adminPath, type AdminEntity } from '#domain/admin-routes.ts';
import type { ApiAnswer } from './api-answer.ts';
import { ruleSchema } from './rule-schema.ts';
import { Notice } from '#app/ui/notice.tsx';

type Props<V extends FieldValues> = {
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
 * The one add/edit form of the admin area (issue 16): react-hook-form checked by the entity's arktype type (the
 * one the API checks with), the submit button disabled until the island has hydrated (and, on a show screen,
 * the item loaded), the API's field rules put under their fields, and any other failure shown as 'An error
 * occurred while performing the action' with the reason. After adding, the kept success notification lands on
 * the new item's show screen (spec section 4); deleting asks first in a <dialog>.
 */
export default function AdminForm<V extends FieldValues>(props: Props<V>) {
  const { locale, entity, id, schema, empty, load, save, remove, children } = props;
  const t = inLocale(locale);
  const hydrated = useHydrated();
  const [state, setState] = useState<'loading' | 'ready' | 'missing'>(id && load ? 'loading' : 'ready');
  const form = useForm<V>({
    resolver: arktypeResolver(ruleSchema(schema)) as never,
    defaultValues: empty as DefaultValues<V>,
    mode: 'onTouched',
  });
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    if (!id || !load) return;
    void load(id).then((answer) => {
      if (answer.ok) {
        form.reset(answer.data);
        setState('ready');
      } else {
        setState('missing');
        if (answer.status !== 404) failed(answer.key);
      }
    });
    // Loads once per item (form is stable).
  }, [id]);

  function failed(key: string | undefined) {
    const reason = key ? errorMessage(key, locale) : '';
    notifyError(reason ? `${m.admin_forms_failed({}, t)}: ${reason}` : m.admin_forms_failed({}, t));
  }

  const onValid = async (values: V) => {
    const answer = await save(values, id);
    if (!answer.ok) {
      for (const [field, rule] of Object.entries(answer.details)) {
        form.setError(field as Path<V>, { type: 'server', message: String(rule) }, { shouldFocus: true });
      }
      failed(answer.key);
      return;
    }
    if (id) {
      notifySuccess(m.admin_forms_saved({}, t));
      form.reset(values);
      return;
    }
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
  const busy = !hydrated || state !== 'ready' || form.formState.isSubmitting;
  return (
    <FormProvider {...form}>
      <form
        className="admin-form"
        method="post"
        noValidate
        aria-busy={state === 'loading' ? true : undefined}
        onSubmit={(event) => void form.handleSubmit(onValid)(event)}
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
    </FormProvider>
  );
}
