import { map, task, type MapStore } from 'nanostores';
import type { ErrorKey, FieldRule } from '#domain/errors.ts';
import { adoptFields } from '#app/forms/early-input.ts';
import { readAnswer } from '#app/api-answer.ts';

/** editing → sending → done (the answer is kept) | back to editing with the server's errors. */
export type FormStatus = 'editing' | 'sending' | 'done';

/** A field's name, or a path under a field whose value is a list or a record ('week.1.from', 'names.pl'). */
export type FieldPath<V> = (keyof V & string) | `${keyof V & string}.${string}`;

export type FormState<V extends Record<string, unknown>, R = unknown> = {
  values: V;
  /**
   * The failing rule per field (spec section 5's names, or a catalogue key such as minLength or wrongPassword); a
   * form of rows (the admin's hours, a dish's options) has it per path under the field.
   */
  errors: Partial<Record<FieldPath<V>, FieldRule>>;
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
   * Sets a value under a field (one cell of a row: 'week.1.from') and checks what it touches on change: the path,
   * the rows holding it and what lies under it; fields already showing an error are checked again.
   */
  setAt(path: FieldPath<V>, value: unknown): void;
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
  /**
   * Shows the server's refusal: the failing rule per field (or path), or an error of the whole form. Answers the
   * first field.
   */
  refuse(errors: FormState<V, R>['errors'], error?: ErrorKey | null): (keyof V & string) | null;
  reset(values?: Partial<V>): void;
  /** Takes the fields changed before the island loaded (useEarlyInput), each as if changed now. */
  adopt(changed: Record<string, unknown>): void;
  /**
   * Puts values the screen knows into the form (a profile, a saved address, a caller's account) without checking
   * them as typed; the fields already showing an error are checked again.
   */
  fill(values: Partial<V>): void;
  /** Resolves once the rules are there (at once unless they are loaded on demand: `LazyCheck`). */
  ready(): Promise<void>;
};

/** Every failing field (or path) of the values, by its rule. */
export type Check<V> = (values: V) => Partial<Record<string, FieldRule>>;

/**
 * Rules loaded on demand: a module kept out of the page's first load (the checkout's arktype schemas), loaded at the
 * first change. What is typed meanwhile is checked once they are there; `check` and `submit` wait for `ready()`.
 */
export type LazyCheck<V> = { load: () => Promise<Check<V>> };

/**
 * The one form model of the islands (decision 049): one form's state and its two moments of validation (spec
 * section 5: each field on change, the whole form on submit). `rules` answers every failing field of the values,
 * with the rules the server applies to the same form (server/domain/forms.ts, accounts.ts, checkout-form.ts), so
 * client and server always agree; the server's own verdict (its `validation` details) lands under the same fields.
 */
export function createForm<V extends Record<string, unknown>, R = unknown>(
  initial: V,
  rules: Check<V> | LazyCheck<V>,
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
  const fieldOf = (path: string) => path.split('.')[0] as keyof V & string;
  const firstError = (errors: FormState<V, R>['errors']) => {
    const failing = new Set(
      Object.keys(errors)
        .filter((path) => errors[path as FieldPath<V>])
        .map(fieldOf),
    );
    return fields.find((field) => failing.has(field)) ?? null;
  };
  /** The rules `check` finds for the fields of the form, by path; what names no field ('(body)') has no place. */
  const placed = (found: Partial<Record<string, unknown>>) => {
    const errors: FormState<V, R>['errors'] = {};
    for (const [path, rule] of Object.entries(found)) {
      if (typeof rule === 'string' && fields.includes(fieldOf(path))) errors[path as FieldPath<V>] = rule as FieldRule;
    }
    return errors;
  };

  let check = typeof rules === 'function' ? rules : null;
  let loading: Promise<void> | null = null;
  /** The paths changed while the rules were loading, checked once they are there. */
  const unchecked = new Set<string>();
  const ready = (): Promise<void> =>
    check
      ? Promise.resolve()
      : (loading ??= (rules as LazyCheck<V>).load().then(
          (loaded) => {
            check = loaded;
            const { values, error } = $state.get();
            change(values, [...unchecked], error);
            unchecked.clear();
          },
          (failure: unknown) => {
            // Not loaded (the line dropped): the next change or submit asks again.
            loading = null;
            throw failure;
          },
        ));
  const checked = (values: V) => {
    if (!check) throw new Error('createForm: the rules are not loaded yet (await ready())');
    return placed(check(values));
  };

  /** Sets the values and checks `at` (and whatever they hold or are held by) with the fields already in error. */
  const change = (values: V, at: readonly string[], error: ErrorKey | null = null) => {
    const state = $state.get();
    if (state.status === 'sending') return;
    if (!check) {
      for (const path of at) unchecked.add(path);
      $state.set({ ...state, values, error, status: 'editing' });
      // Values filled in by the screen wait for the rules without asking for them: only typing loads them.
      if (at.length > 0) ready().catch(() => undefined);
      return;
    }
    const touches = (path: string) =>
      at.some((changed) => path === changed || path.startsWith(`${changed}.`) || changed.startsWith(`${path}.`));
    const errors: FormState<V, R>['errors'] = {};
    for (const [path, rule] of Object.entries(checked(values)) as [FieldPath<V>, FieldRule][]) {
      if (touches(path) || state.errors[path]) errors[path] = rule;
    }
    $state.set({ ...state, values, errors, error, status: 'editing' });
  };

  const form: Form<V, R> = {
    $state,
    setField(field, value) {
      change({ ...$state.get().values, [field]: value }, [field]);
    },
    setAt(path, value) {
      const [field, ...under] = path.split('.') as [keyof V & string, ...string[]];
      const values = $state.get().values;
      change({ ...values, [field]: under.length ? setUnder(values[field], under, value) : value }, [path]);
    },
    check() {
      const state = $state.get();
      const errors = checked(state.values);
      $state.set({ ...state, errors, error: null, status: 'editing' });
      return firstError(errors);
    },
    refuse(found, error = null) {
      const errors = placed(found);
      $state.set({ ...$state.get(), errors, error, status: 'editing' });
      return firstError(errors);
    },
    submit(send) {
      return task(async () => {
        if ($state.get().status === 'sending') return null;
        await ready();
        const first = form.check();
        if (first) return first;
        const { values } = $state.get();
        $state.set({ ...$state.get(), status: 'sending' });
        let next: Pick<FormState<V, R>, 'errors' | 'error' | 'status' | 'result'>;
        const answer = await readAnswer(() => send(values));
        if (answer.ok) next = { errors: {}, error: null, status: 'done', result: answer.data as R };
        else {
          // No answer at all (offline, server gone) reads as internalError: the user may send again.
          const fieldErrors = placed(answer.details);
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
    fill(values) {
      const state = $state.get();
      change({ ...state.values, ...values }, [], state.error);
    },
    ready,
  };
  return form;
}

/** `value` with what lies at `path` replaced, copying each list or record on the way (the store's values are new). */
function setUnder(value: unknown, path: readonly string[], next: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return next;
  const inner = rest.length ? setUnder((value as Record<string, unknown> | undefined)?.[key], rest, next) : next;
  if (Array.isArray(value)) return value.map((item, index) => (String(index) === key ? inner : item));
  return { ...(value as Record<string, unknown> | undefined), [key]: inner };
}

/** The value at a path of the form's values ('week.1.from'); undefined where the path leads nowhere. */
export function valueAt(values: Record<string, unknown>, path: string): unknown {
  let value: unknown = values;
  for (const key of path.split('.')) value = (value as Record<string, unknown> | null | undefined)?.[key];
  return value;
}
