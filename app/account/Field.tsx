import type { ReactNode } from 'react';
import type { FieldRule } from '#domain/errors.ts';
import { fieldMessage, messageLocale, type UiLocale } from '#app/i18n/messages.ts';
import { m } from '#app/paraglide/messages.js';

type Common = {
  /** The form's id prefix; the field's id is `<form>-<name>`, its error's `<form>-<name>-error`. */
  form: string;
  name: string;
  label: string;
  locale: UiLocale;
  error?: FieldRule | undefined;
  required?: boolean;
};

const ids = (form: string, name: string) => ({ id: `${form}-${name}`, errorId: `${form}-${name}-error` });

/** The translated sentence under a field, named by the input's aria-describedby. */
function FieldError({ id, rule, locale }: { id: string; rule: FieldRule | undefined; locale: UiLocale }) {
  return rule ? (
    <p className="account-field-error" id={id}>
      {fieldMessage(rule, locale)}
    </p>
  ) : null;
}

const Required = ({ locale }: { locale: UiLocale }) => (
  <span className="account-required"> ({m.account_required({}, { locale: messageLocale(locale) })})</span>
);

/** A labelled text input (text, e-mail, password, tel) with its hint and its error under it. */
export function TextField({
  form,
  name,
  label,
  locale,
  error,
  required,
  value,
  onChange,
  type = 'text',
  autoComplete,
  hint,
  inputMode,
  maxLength,
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
  const { id, errorId } = ids(form, name);
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="account-field">
      <label htmlFor={id}>
        {label}
        {required && <Required locale={locale} />}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? errorId : undefined].filter(Boolean).join(' ') || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && (
        <p className="account-field-hint" id={hintId}>
          {hint}
        </p>
      )}
      <FieldError id={errorId} rule={error} locale={locale} />
    </div>
  );
}

/** A checkbox with its label beside it; `extra` follows the label (links to the documents it accepts). */
export function CheckField({
  form,
  name,
  label,
  locale,
  error,
  required,
  checked,
  onChange,
  extra,
}: Common & { checked: boolean; onChange: (checked: boolean) => void; extra?: ReactNode }) {
  const { id, errorId } = ids(form, name);
  return (
    <div className="account-field account-check">
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>
        <label htmlFor={id}>
          {label}
          {required && <Required locale={locale} />}
        </label>
        {extra}
      </span>
      <FieldError id={errorId} rule={error} locale={locale} />
    </div>
  );
}

/** A labelled select of fixed options. */
export function SelectField({
  form,
  name,
  label,
  locale,
  error,
  value,
  options,
  onChange,
}: Common & { value: string; options: { value: string; label: string }[]; onChange: (value: string) => void }) {
  const { id, errorId } = ids(form, name);
  return (
    <div className="account-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} rule={error} locale={locale} />
    </div>
  );
}
