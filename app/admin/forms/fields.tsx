import { useEffect, useState, type ReactNode } from 'react';
import { Controller, useFormContext, type FieldError } from 'react-hook-form';
import { fieldMessage, type UiLocale } from '#app/i18n/messages.ts';
import type { FieldRule } from '#domain/errors.ts';

/**
 * The admin forms' fields (issue 16), each registered with the form of the nearest <FormProvider>: a label, the
 * control, a hint and the translated rule it breaks, named by aria-describedby. `name` may be a path ('hours.1.from').
 */
type Common = { name: string; label: string; locale: UiLocale; hint?: string; required?: boolean };

const idOf = (name: string) => `admin-${name.replaceAll('.', '-')}`;

function errorAt(errors: Record<string, unknown>, name: string): FieldError | undefined {
  let value: unknown = errors;
  for (const part of name.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  return value as FieldError | undefined;
}

function useField(name: string, hint: string | undefined) {
  const form = useFormContext();
  const error = errorAt(form.formState.errors, name);
  const id = idOf(name);
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return { form, error, id, describedBy: describedBy || undefined };
}

function Under({ id, hint, error, locale }: { id: string; hint?: string; error?: FieldError; locale: UiLocale }) {
  return (
    <>
      {hint && (
        <p className="admin-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error?.message && (
        <p className="admin-error" id={`${id}-error`}>
          {fieldMessage(error.message as FieldRule, locale)}
        </p>
      )}
    </>
  );
}

function Label({ id, label, required }: { id: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={id}>
      {label}
      {required && <span aria-hidden="true"> *</span>}
    </label>
  );
}

export function TextField({ name, label, locale, hint, required, type = 'text' }: Common & { type?: string }) {
  const { form, error, id, describedBy } = useField(name, hint);
  return (
    <div className="admin-field">
      <Label id={id} label={label} required={required} />
      <input
        id={id}
        type={type}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...form.register(name)}
      />
      <Under id={id} hint={hint} error={error} locale={locale} />
    </div>
  );
}

export function TextAreaField({ name, label, locale, hint, required, rows = 4 }: Common & { rows?: number }) {
  const { form, error, id, describedBy } = useField(name, hint);
  return (
    <div className="admin-field admin-wide">
      <Label id={id} label={label} required={required} />
      <textarea
        id={id}
        rows={rows}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...form.register(name)}
      />
      <Under id={id} hint={hint} error={error} locale={locale} />
    </div>
  );
}

/** A number as typed; an empty box is NaN, which the schema refuses. */
export function NumberField({
  name,
  label,
  locale,
  hint,
  required,
  step = '1',
  min,
  max,
}: Common & { step?: string; min?: number; max?: number }) {
  const { form, error, id, describedBy } = useField(name, hint);
  return (
    <div className="admin-field">
      <Label id={id} label={label} required={required} />
      <input
        id={id}
        type="number"
        inputMode={step === '1' ? 'numeric' : 'decimal'}
        step={step}
        min={min}
        max={max}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...form.register(name, { valueAsNumber: true })}
      />
      <Under id={id} hint={hint} error={error} locale={locale} />
    </div>
  );
}

const moneyText = (value: unknown) => (Number.isFinite(value) ? ((value as number) / 100).toFixed(2) : '');
const parseMoney = (text: string) => {
  const normal = text.trim().replace(',', '.');
  return /^\d+(\.\d{0,2})?$/.test(normal) ? Math.round(Number(normal) * 100) : Number.NaN;
};

/** The money box: its own text while typing, set again from the value when the form is reset (an item loaded). */
function MoneyInput(props: {
  id: string;
  value: unknown;
  describedBy: string | undefined;
  invalid: boolean;
  field: { name: string; ref: (element: HTMLInputElement | null) => void; onBlur: () => void };
  onChange: (value: number) => void;
}) {
  const [text, setText] = useState(moneyText(props.value));
  useEffect(() => {
    if (parseMoney(text) !== props.value && Number.isFinite(props.value)) setText(moneyText(props.value));
    // Only an outside change of the value rewrites the box.
  }, [props.value]);
  return (
    <input
      id={props.id}
      type="text"
      inputMode="decimal"
      required
      aria-invalid={props.invalid ? true : undefined}
      aria-describedby={props.describedBy}
      name={props.field.name}
      ref={props.field.ref}
      onBlur={props.field.onBlur}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        props.onChange(parseMoney(event.target.value));
      }}
    />
  );
}

/** Money kept in minor units (as the API and the database) and typed in main units with two decimals. */
export function MoneyField({ name, label, locale, hint }: Common) {
  const { form, error, id, describedBy } = useField(name, hint);
  return (
    <div className="admin-field">
      <Label id={id} label={label} required />
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <MoneyInput
            id={id}
            value={field.value}
            describedBy={describedBy}
            invalid={Boolean(error)}
            field={field}
            onChange={field.onChange}
          />
        )}
      />
      <Under id={id} hint={hint} error={error} locale={locale} />
    </div>
  );
}

export function CheckField({ name, label, locale, hint }: Common) {
  const { form, error, id, describedBy } = useField(name, hint);
  return (
    <div className="admin-field admin-check">
      <input
        id={id}
        type="checkbox"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...form.register(name)}
      />
      <label htmlFor={id}>{label}</label>
      <Under id={id} hint={hint} error={error} locale={locale} />
    </div>
  );
}

/** A select whose values are strings, or numbers (ids) with `numeric`. */
export function SelectField({
  name,
  label,
  locale,
  hint,
  required,
  options,
  numeric,
}: Common & { options: { value: string | number; label: string }[]; numeric?: boolean }) {
  const { form, error, id, describedBy } = useField(name, hint);
  return (
    <div className="admin-field">
      <Label id={id} label={label} required={required} />
      <select
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...form.register(name, numeric ? { valueAsNumber: true } : {})}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Under id={id} hint={hint} error={error} locale={locale} />
    </div>
  );
}

/** A titled group of fields. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="admin-section">
      <legend>{title}</legend>
      <div className="admin-grid">{children}</div>
    </fieldset>
  );
}
