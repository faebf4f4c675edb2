import { createContext, useContext, type ReactNode } from 'react';
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { FieldRule } from '#domain/errors.ts';
import { issueDetails, type SchemaIssue } from '#domain/forms.ts';
import { createForm, valueAt, type Form, type FormState } from '#app/forms/form.ts';
import { useStore } from '#app/stores/use-store.ts';

type Values = Record<string, unknown>;
/** An admin form of any values, as its fields see it. */
export type AnyForm = Form<Values, unknown>;

/**
 * The admin's forms on the islands' one form model (decision 049): `createForm` checked by the entity's arktype
 * type, the one the API checks with, each issue named by the rule it breaks (issueDetails: notEmpty, isValidEmail,
 * outOfRange…), so a field shows the same sentence whether the browser or the server found the problem. Arktype
 * checks at once, so the answer is read as it comes.
 */
export function createAdminForm<V extends Values>(initial: V, schema: StandardSchemaV1<V>): Form<V, unknown> {
  return createForm<V>(initial, (values) => rulesOf(schema, values));
}

/** Every rule the values break, by path; one of the whole body (a rule across fields) is at '(body)'. */
export function rulesOf<V>(schema: StandardSchemaV1<V>, values: V): Record<string, FieldRule> {
  const result = schema['~standard'].validate(values);
  if (result instanceof Promise) throw new Error('An admin form needs a schema that checks at once (arktype).');
  return result.issues ? issueDetails(result.issues as readonly SchemaIssue[]) : {};
}

const FormContext = createContext<AnyForm | null>(null);

/** Hands the form to the fields inside it. */
export function AdminFormProvider<V extends Values>({
  form,
  children,
}: {
  form: Form<V, unknown>;
  children: ReactNode;
}) {
  return <FormContext.Provider value={form as unknown as AnyForm}>{children}</FormContext.Provider>;
}

/** The form of the nearest AdminFormProvider. */
export function useAdminForm(): AnyForm {
  const form = useContext(FormContext);
  if (!form) throw new Error('An admin field stands outside its form.');
  return form;
}

/** The form's state, re-read on each change. */
export function useFormState(): FormState<Values> {
  return useStore(useAdminForm().$state);
}

/** The value at a path ('role', 'week.1.from'), re-read on each change. */
export function useValue<T>(path: string): T {
  return valueAt(useFormState().values, path) as T;
}

/** The rule failing at a path itself, or (`under`) the first one at it or under it (an allergens group's lists). */
export function ruleAt(errors: FormState<Values>['errors'], path: string, under = false): FieldRule | undefined {
  const own = errors[path];
  if (own || !under) return own;
  const found = Object.entries(errors).find(([key, rule]) => rule && key.startsWith(`${path}.`));
  return found?.[1];
}

/** One field's value, the rule it breaks and its setter (checked on change). */
export function useField<T>(path: string): { value: T; rule: FieldRule | undefined; set: (value: T) => void } {
  const form = useAdminForm();
  const state = useFormState();
  return {
    value: valueAt(state.values, path) as T,
    rule: ruleAt(state.errors, path),
    set: (value) => form.setAt(path, value),
  };
}

/** The id of a field's control: `admin-` and its path with dots as dashes ('admin-week-1-from'). */
export const idOf = (path: string) => `admin-${path.replaceAll('.', '-')}`;

/**
 * Scrolls to the first field in error and puts the cursor there (spec section 5): first as the page reads, the
 * control of each failing path found by its name or id, else the nearest row or group holding it. `field` (what
 * check or refuse answered) says whether there is one.
 */
export function focusFirstError(element: HTMLFormElement | null, form: AnyForm, field: string | null): void {
  if (!element || !field) return;
  const { errors } = form.$state.get();
  const controls = Object.keys(errors).flatMap((path) => {
    for (let at = path; at; at = at.slice(0, Math.max(0, at.lastIndexOf('.')))) {
      const control =
        element.querySelector<HTMLElement>(`[name="${at}"]`) ??
        element.querySelector<HTMLElement>(`[id="${idOf(at)}"]`);
      if (control) return [control];
    }
    return [];
  });
  const first = controls.reduce<HTMLElement | undefined>(
    (found, control) =>
      !found || found.compareDocumentPosition(control) & Node.DOCUMENT_POSITION_PRECEDING ? control : found,
    undefined,
  );
  first?.scrollIntoView({ block: 'center' });
  first?.focus();
}
