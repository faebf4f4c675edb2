import type { ReactNode } from 'react';
import type { FieldRule } from '#domain/errors.ts';
import { fieldMessage, messageLocale, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { Checkbox, type FieldLook, Select, TextInput } from './field.tsx';

/**
 * The fields of the shop's own forms (account, checkout, payment retry): ui/field.tsx bound to a value and the rule
 * the domain's check names for it (spec section 5), translated here. Ids are `<form>-<name>`.
 */
type Common = {
  /** The form's id prefix; the field's id is `<form>-<name>`, its error's `<form>-<name>-error`. */
  form: string;
  name: string;
  label: string;
  locale: UiLocale;
  error?: FieldRule | undefined;
  required?: boolean;
  /** The screen's look (ui/field.tsx): the shop's account look unless another screen's (the call centre's). */
  look?: FieldLook;
  /** More classes on the field's box (a wide field). */
  className?: string;
};

const frame = ({ form, name, label, locale, error, required, look, className }: Common) => ({
  id: `${form}-${name}`,
  name,
  label,
  required,
  look,
  className,
  error: error ? fieldMessage(error, locale) : undefined,
  requiredMark: (
    <span className="account-required"> ({m.account_required({}, { locale: messageLocale(locale) })})</span>
  ),
});

/** A labelled text input (text, e-mail, password, tel) with its hint and its error under it. */
export function TextField({
  value,
  onChange,
  type = 'text',
  autoComplete,
  hint,
  inputMode,
  maxLength,
  ...common
}: Common & {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  hint?: string;
  /** The keyboard a phone shows (numeric for a Blik code). */
  inputMode?: 'numeric' | 'text';
  maxLength?: number;
}) {
  return (
    <TextInput
      {...frame(common)}
      hint={hint}
      type={type}
      value={value}
      autoComplete={autoComplete}
      inputMode={inputMode}
      maxLength={maxLength}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** A checkbox with its label beside it; `extra` follows the label (links to the documents it accepts). */
export function CheckField({
  checked,
  onChange,
  extra,
  ...common
}: Common & { checked: boolean; onChange: (checked: boolean) => void; extra?: ReactNode }) {
  return (
    <Checkbox {...frame(common)} extra={extra} checked={checked} onChange={(event) => onChange(event.target.checked)} />
  );
}

/** A labelled select of fixed options. */
export function SelectField({
  value,
  options,
  onChange,
  ...common
}: Common & { value: string; options: { value: string; label: string }[]; onChange: (value: string) => void }) {
  return (
    <Select {...frame(common)} value={value} options={options} onChange={(event) => onChange(event.target.value)} />
  );
}
