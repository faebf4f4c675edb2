import { useId, type ReactNode } from 'react';
import { Dialog } from '#app/ui/dialog.tsx';
import { FormProvider, useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { arktypeResolver } from '@hookform/resolvers/arktype';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { inLocale } from '#app/account/form-helpers.ts';
import type { ApiAnswer } from '../forms/api-answer.ts';
import { ruleSchema } from '../forms/rule-schema.ts';

type Props<V extends FieldValues> = {
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
 * admin forms' pattern (react-hook-form checked by the API's own arktype type, the API's field rules put under
 * their fields), without leaving the restaurant's page.
 */
export function MenuDialogForm<V extends FieldValues>(props: Props<V>) {
  const { locale, title, schema, values, save, onSaved, onFailed, onClose, children } = props;
  const t = inLocale(locale);
  const titleId = useId();
  const form = useForm<V>({
    resolver: arktypeResolver(ruleSchema(schema)) as never,
    defaultValues: values as DefaultValues<V>,
    mode: 'onTouched',
  });

  const onValid = async (data: V) => {
    const answer = await save(data);
    if (answer.ok) return onSaved();
    for (const [field, rule] of Object.entries(answer.details)) {
      form.setError(field as Path<V>, { type: 'server', message: String(rule) }, { shouldFocus: true });
    }
    onFailed(answer.key);
  };

  return (
    <Dialog className="admin-dialog admin-menu-dialog" aria-labelledby={titleId} onClose={onClose}>
      <FormProvider {...form}>
        <form
          className="admin-form"
          method="post"
          noValidate
          // A rule broken where no field shows it must still say so: the save never silently does nothing.
          onSubmit={(event) => void form.handleSubmit(onValid, () => onFailed('validation'))(event)}
        >
          <h2 id={titleId}>{title}</h2>
          {children}
          <div className="admin-actions">
            <button className="button" type="submit" disabled={form.formState.isSubmitting}>
              {m.admin_forms_save({}, t)}
            </button>
            <button className="button admin-secondary" type="button" onClick={onClose}>
              {m.admin_forms_cancel({}, t)}
            </button>
          </div>
        </form>
      </FormProvider>
    </Dialog>
  );
}
