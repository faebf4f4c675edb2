import { map, task, type MapStore } from 'nanostores';
import type { ErrorKey, FieldRule } from '#domain/errors.ts';
import { adoptFields } from '#app/forms/early-input.ts';
import { fieldRules, readAnswer } from '#app/api-answer.ts';

/** editing → sending → done (the answer is kept) | back to editing with the server's errors. */
export type FormStatus = 'editing' | 'sending' | 'done';

export type FormState<V extends Record<string, unknown>, R = unknown> = {
  values: V;
  /** The failing rule per field (spec section 5's names, or a catalogue key such as minLength or wrongPassword). */
  errors: Partial<Record<keyof V & string, FieldRule>>;
  /** An error key of the whole form (UserIsNotActivated, notUniqueEmail, tooManyRequests…); null when none. */
  error: ErrorKey | null;
  status: FormStatus;
  /** The server's answer once the form has been accepted. */
  result: R | null;
};

/** The answer of an API call as the typed client gives it; only what the forms read. */
export type Reply = { ok: boolean; status: number; text(): Promise<string> };

export type Form<V extends Record<string, unknown>, R> = {
  $state: MapStore<FormState<V, R>>;
  /** Sets one field and checks it at once (validate on change); fields already showing an error are checked again. */
  setField<F extends keyof V & string>(field: F, value: V[F]): void;
  /**
   * Checks the whole form and, when it passes, sends it. Resolves to the first field with an error (for the island
   * to scroll to and focus), or null.
   */
  submit(send: (values: V) => Promise<Reply>): Promise<(keyof V & string) | null>;
  /**
   * The whole-form check alone, for a form whose sending is its screen's own (the call centre's order): shows every
   * error and answers the first field with one, or null when the form may be sent.
   */
  check(): (keyof V & string) | null;
  /** Shows the server's refusal: the failing rule per field, or an error of the whole form. Answers the first field. */
  refuse(errors: FormState<V, R>['errors'], error?: ErrorKey | null): (keyof V & string) | null;
  reset(values?: Partial<V>): void;
  /** Takes the fields changed before the island loaded (useEarlyInput), each as if changed now. */
  adopt(changed: Record<string, unknown>): void;
};

/**
 * The one form model of the islands (decision 049): one form's state and its two moments of validation (spec
 * section 5: each field on change, the whole form on submit). `check` answers every failing field of the values, with the rules the server applies to the same form
 * (server/domain/forms.ts, accounts.ts), so client and server always agree; the server's own verdict (its
 * `validation` details) lands under the same fields.
 */
export function createForm<V extends Record<string, unknown>, R = unknown>(
  initial: V,
  check: (values: V) => Partial<Record<string, FieldRule>>,
): Form<V, R> {
  const fresh = (values: Partial<V> = {}): FormState<V, R> => ({
    values: { ...initial, ...values },
    errors: {},
    error: null,
    status: 'editing',
    result: null,
  });
  const $state = map<FormState<V, R>>(fresh());
  // Field order is the order of `initial`, which is the order the island renders them in.
  const fields = Object.keys(initial) as (keyof V & string)[];
  const firstError = (errors: FormState<V, R>['errors']) => fields.find((field) => errors[field]) ?? null;

  const form: Form<V, R> = {
    $state,
    setField(field, value) {
      const state = $state.get();
      if (state.status === 'sending') return;
      const values = { ...state.values, [field]: value };
      const found = check(values);
      const errors: FormState<V, R>['errors'] = {};
      for (const name of fields) {
        if ((name === field || state.errors[name]) && found[name]) errors[name] = found[name];
      }
      $state.set({ ...state, values, errors, error: null, status: 'editing' });
    },
    check() {
      const state = $state.get();
      const errors = check(state.values) as FormState<V, R>['errors'];
      $state.set({ ...state, errors, error: null, status: 'editing' });
      return firstError(errors);
    },
    refuse(errors, error = null) {
      $state.set({ ...$state.get(), errors, error, status: 'editing' });
      return firstError(errors);
    },
    submit(send) {
      return task(async () => {
        const state = $state.get();
        if (state.status === 'sending') return null;
        if (form.check()) return firstError($state.get().errors);
        $state.set({ ...$state.get(), errors: {}, error: null, status: 'sending' });
        let next: Pick<FormState<V, R>, 'errors' | 'error' | 'status' | 'result'>;
        const answer = await readAnswer(() => send(state.values));
        if (answer.ok) next = { errors: {}, error: null, status: 'done', result: answer.data as R };
        else {
          // No answer at all (offline, server gone) reads as internalError: the user may send again.
          const fieldErrors = fieldRules(answer, fields) as FormState<V, R>['errors'];
          // A validation answer with field errors says it all under the fields.
          next = {
            errors: fieldErrors,
            error: answer.key === 'validation' && firstError(fieldErrors) ? null : answer.key,
            status: 'editing',
            result: null,
          };
        }
        $state.set({ ...$state.get(), ...next });
        return firstError(next.errors);
      });
    },
    reset(values) {
      $state.set(fresh(values));
    },
    adopt(changed) {
      adoptFields(changed, initial, form.setField);
    },
  };
  return form;
}
