import { useEffect, useState, type ReactNode } from 'react';
import { Checkbox, Select, TextArea, TextInput } from '#app/ui/field.tsx';
import { fieldMessage, type UiLocale } from '#i18n/messages.ts';
import { idOf, useField } from './form-state.tsx';

/**
 * The admin forms' fields (issue 16), each bound to the form of the nearest AdminFormProvider: a label, the control,
 * a hint and the translated rule it breaks, named by aria-describedby (ui/field.tsx). `name` may be a path
 * ('hours.1.from'); it is the control's name, and its id is `admin-` and the path with dashes.
 */
type Common = { name: string; label: string; locale: UiLocale; hint?: string; required?: boolean };

const REQUIRED = <span aria-hidden="true"> *</span>;

/** The field's frame for ui/field.tsx (its id, label, hint and the translated rule it breaks) and its value. */
function useFrame<T>({ name, label, locale, hint, required }: Common) {
  const field = useField<T>(name);
  const frame = {
    id: idOf(name),
    label,
    hint,
    required,
    requiredMark: REQUIRED,
    look: 'admin' as const,
    error: field.rule ? fieldMessage(field.rule, locale) : undefined,
  };
  return { field, frame };
}

/** A box's text: a value the form holds may be null (no photo) and is shown empty. */
const textOf = (value: unknown) => (value === null || value === undefined ? '' : String(value));

export function TextField({ type = 'text', ...common }: Common & { type?: string }) {
  const { field, frame } = useFrame<string | null>(common);
  return (
    <TextInput
      {...frame}
      type={type}
      name={common.name}
      value={textOf(field.value)}
      onChange={(event) => field.set(event.target.value)}
    />
  );
}

export function TextAreaField({ rows = 4, ...common }: Common & { rows?: number }) {
  const { field, frame } = useFrame<string | null>(common);
  return (
    <TextArea
      {...frame}
      className="admin-wide"
      rows={rows}
      name={common.name}
      value={textOf(field.value)}
      onChange={(event) => field.set(event.target.value)}
    />
  );
}

/**
 * A box holding a number typed as text: its own text while typing ('1.' or '-' are on the way to a number), set
 * again from the value when that changes from outside (an item loaded, the form reset).
 */
function useTypedText(value: unknown, format: (value: unknown) => string, parse: (text: string) => number) {
  const [text, setText] = useState(format(value));
  useEffect(() => {
    if (parse(text) !== value && Number.isFinite(value)) setText(format(value));
    // Only an outside change of the value rewrites the box.
  }, [value]);
  return [text, setText] as const;
}

const numberText = (value: unknown) => (Number.isFinite(value) ? String(value) : '');
const parseNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** A number as typed; an empty box is NaN, which the schema refuses. */
export function NumberField({
  step = '1',
  min,
  max,
  ...common
}: Common & { step?: string; min?: number; max?: number }) {
  const { field, frame } = useFrame<number>(common);
  const [text, setText] = useTypedText(field.value, numberText, parseNumber);
  return (
    <TextInput
      {...frame}
      type="number"
      inputMode={step === '1' ? 'numeric' : 'decimal'}
      step={step}
      min={min}
      max={max}
      name={common.name}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        field.set(event.target.valueAsNumber);
      }}
    />
  );
}

const moneyText = (value: unknown) => (Number.isFinite(value) ? ((value as number) / 100).toFixed(2) : '');
const parseMoney = (text: string) => {
  const normal = text.trim().replace(',', '.');
  return /^\d+(\.\d{0,2})?$/.test(normal) ? Math.round(Number(normal) * 100) : Number.NaN;
};

/** Money kept in minor units (as the API and the database) and typed in main units with two decimals. */
export function MoneyField(common: Common) {
  const { field, frame } = useFrame<number>({ ...common, required: true });
  const [text, setText] = useTypedText(field.value, moneyText, parseMoney);
  return (
    <TextInput
      {...frame}
      inputMode="decimal"
      name={common.name}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        field.set(parseMoney(event.target.value));
      }}
    />
  );
}

export function CheckField({ required: _required, ...common }: Common) {
  // The admin's boxes are choices, never required.
  const { field, frame } = useFrame<boolean>(common);
  return (
    <Checkbox
      {...frame}
      name={common.name}
      checked={Boolean(field.value)}
      onChange={(event) => field.set(event.target.checked)}
    />
  );
}

/** A select whose values are strings, or numbers (ids) with `numeric`. */
export function SelectField({
  options,
  numeric,
  ...common
}: Common & { options: { value: string | number; label: string }[]; numeric?: boolean }) {
  const { field, frame } = useFrame<string | number>(common);
  return (
    <Select
      {...frame}
      options={options.map((option) => ({ value: String(option.value), label: option.label }))}
      name={common.name}
      value={textOf(field.value)}
      onChange={(event) => field.set(numeric ? Number(event.target.value) : event.target.value)}
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
