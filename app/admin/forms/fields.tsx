import { useEffect, useState, type ReactNode } from 'react';
import { Controller, useFormContext, type FieldError } from 'react-hook-form';
import { Checkbox, Field, Select, TextArea, TextInput, controlProps } from '#app/ui/field.tsx';
import { fieldMessage, type UiLocale } from '#i18n/messages.ts';
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

const REQUIRED = <span aria-hidden="true"> *</span>;

/** The field's frame for ui/field.tsx: its id, label, hint and the translated rule it breaks. */
function useField({ name, label, locale, hint, required }: Common) {
  const form = useFormContext();
  const error = errorAt(form.formState.errors, name);
  const frame = {
    id: idOf(name),
    label,
    hint,
    required,
    requiredMark: REQUIRED,
    look: 'admin' as const,
    error: error?.message ? fieldMessage(error.message as FieldRule, locale) : undefined,
  };
  return { form, frame };
}

export function TextField({ type = 'text', ...common }: Common & { type?: string }) {
  const { form, frame } = useField(common);
  return <TextInput {...frame} type={type} {...form.register(common.name)} />;
}

export function TextAreaField({ rows = 4, ...common }: Common & { rows?: number }) {
  const { form, frame } = useField(common);
  return <TextArea {...frame} className="admin-wide" rows={rows} {...form.register(common.name)} />;
}

/** A number as typed; an empty box is NaN, which the schema refuses. */
export function NumberField({
  step = '1',
  min,
  max,
  ...common
}: Common & { step?: string; min?: number; max?: number }) {
  const { form, frame } = useField(common);
  return (
    <TextInput
      {...frame}
      type="number"
      inputMode={step === '1' ? 'numeric' : 'decimal'}
      step={step}
      min={min}
      max={max}
      {...form.register(common.name, { valueAsNumber: true })}
    />
  );
}

const moneyText = (value: unknown) => (Number.isFinite(value) ? ((value as number) / 100).toFixed(2) : '');
const parseMoney = (text: string) => {
  const normal = text.trim().replace(',', '.');
  return /^\d+(\.\d{0,2})?$/.test(normal) ? Math.round(Number(normal) * 100) : Number.NaN;
};

/** The money box: its own text while typing, set again from the value when the form is reset (an item loaded). */
function MoneyInput(props: {
  control: ReturnType<typeof controlProps>;
  value: unknown;
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
      {...props.control}
      type="text"
      inputMode="decimal"
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
export function MoneyField(common: Common) {
  const { form, frame } = useField({ ...common, required: true });
  return (
    <Field {...frame}>
      <Controller
        control={form.control}
        name={common.name}
        render={({ field }) => (
          <MoneyInput control={controlProps(frame)} value={field.value} field={field} onChange={field.onChange} />
        )}
      />
    </Field>
  );
}

export function CheckField({ required: _required, ...common }: Common) {
  // The admin's boxes are choices, never required.
  const { form, frame } = useField(common);
  return <Checkbox {...frame} {...form.register(common.name)} />;
}

/** A select whose values are strings, or numbers (ids) with `numeric`. */
export function SelectField({
  options,
  numeric,
  ...common
}: Common & { options: { value: string | number; label: string }[]; numeric?: boolean }) {
  const { form, frame } = useField(common);
  return (
    <Select
      {...frame}
      options={options.map((option) => ({ value: String(option.value), label: option.label }))}
      {...form.register(common.name, numeric ? { valueAsNumber: true } : {})}
    />
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
