import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

/**
 * The form fields of every island: a label tied to its control, the hint and the error under it, both named by the
 * control's aria-describedby, and aria-invalid while there is an error. One wiring for the shop, the account pages,
 * the brand sites' contact form, the call centre and the admin. The words come in as props (already translated):
 * this module imports no messages, so a brand page's contact form stays within its few kilobytes (decision 039).
 *
 * `look` names the stylesheet's classes of the screen the field stands on (`<look>-field`, `<look>-field-hint`,
 * `<look>-field-error`, and `<look>-check` for a checkbox), so one component serves screens styled apart.
 */
export type FieldLook = 'field' | 'account' | 'admin' | 'cc';

export type FieldFrame = {
  /** The control's id; the hint is `<id>-hint`, the error `<id>-error`. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The sentence saying what is wrong (already translated); none while the field is right. */
  error?: ReactNode;
  /** What the label adds to a required field ("(required)", "*"); the control gets `required` too. */
  requiredMark?: ReactNode;
  required?: boolean;
  look?: FieldLook;
  /** More classes on the field's box (a wide field, a field's own name). */
  className?: string;
};

const classes = (look: FieldLook) =>
  look === 'field'
    ? { field: 'field', hint: 'field-hint', error: 'field-error', check: 'field-check' }
    : look === 'admin'
      ? { field: 'admin-field', hint: 'admin-hint', error: 'admin-error', check: 'admin-check' }
      : look === 'cc'
        ? { field: 'cc-field', hint: 'cc-hint', error: 'cc-error', check: 'cc-check' }
        : { field: 'account-field', hint: 'account-field-hint', error: 'account-field-error', check: 'account-check' };

/** The attributes that tie a control to its label, hint and error. */
export function controlProps({ id, hint, error, required }: FieldFrame) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return {
    id,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

function Label({ id, label, requiredMark, required }: FieldFrame) {
  return (
    <label htmlFor={id}>
      {label}
      {required && requiredMark}
    </label>
  );
}

/**
 * The hint and the error under a control. `alert` reads the error out at once (`role="alert"`), for an error that
 * answers a send rather than a keystroke (a search the server refused).
 */
export function FieldNotes({ id, hint, error, look = 'account', alert }: FieldFrame & { alert?: boolean }) {
  const names = classes(look);
  return (
    <>
      {hint && (
        <p className={names.hint} id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className={names.error} id={`${id}-error`} role={alert ? 'alert' : undefined}>
          {error}
        </p>
      )}
    </>
  );
}

/** A labelled box around any control (`children` gets controlProps), with its hint and error. */
export function Field(props: FieldFrame & { children: ReactNode }) {
  const names = classes(props.look ?? 'account');
  return (
    <div className={props.className ? `${names.field} ${props.className}` : names.field}>
      <Label {...props} />
      {props.children}
      <FieldNotes {...props} />
    </div>
  );
}

type Own<T> = Omit<T, 'id' | 'required' | 'children' | 'className'>;

/** Parts a field's props into its frame and what its control takes. */
function split<P extends FieldFrame>(props: P) {
  const { id, label, hint, error, requiredMark, required, look, className, ...control } = props;
  return [{ id, label, hint, error, requiredMark, required, look, className }, control] as const;
}

/** A text input (text, e-mail, password, tel, number); everything else an input takes passes through. */
export function TextInput(props: FieldFrame & Own<InputHTMLAttributes<HTMLInputElement>>) {
  const [frame, input] = split(props);
  return (
    <Field {...frame}>
      <input type="text" {...input} {...controlProps(frame)} />
    </Field>
  );
}

export function TextArea(props: FieldFrame & Own<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  const [frame, textarea] = split(props);
  return (
    <Field {...frame}>
      <textarea {...textarea} {...controlProps(frame)} />
    </Field>
  );
}

export function Select({
  options,
  ...props
}: FieldFrame &
  Own<SelectHTMLAttributes<HTMLSelectElement>> & { options: readonly { value: string; label: ReactNode }[] }) {
  const [frame, select] = split(props);
  return (
    <Field {...frame}>
      <select {...select} {...controlProps(frame)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A checkbox with its label beside it; `extra` follows the label (a link to the document it accepts). */
export function Checkbox({
  extra,
  ...props
}: FieldFrame & Own<InputHTMLAttributes<HTMLInputElement>> & { extra?: ReactNode }) {
  const [{ className, ...frame }, input] = split(props);
  const names = classes(frame.look ?? 'account');
  return (
    <div className={[names.field, names.check, className].filter(Boolean).join(' ')}>
      <input type="checkbox" {...input} {...controlProps(frame)} />
      <span>
        <Label {...frame} />
        {extra}
      </span>
      <FieldNotes {...frame} />
    </div>
  );
}

/** Choices of which one is picked, as a fieldset whose legend names them. */
export function RadioGroup<V extends string>({
  id,
  label,
  hint,
  error,
  look = 'account',
  className,
  name,
  value,
  options,
  onChange,
  disabled,
  optionClassName,
  children,
}: FieldFrame & {
  name: string;
  value: V | null;
  options: readonly { value: V; label: ReactNode; disabled?: boolean }[];
  onChange: (value: V) => void;
  disabled?: boolean;
  /** The class of each choice's label (the screen's look of one choice). */
  optionClassName?: string;
  /** Said under the legend, before the choices (that there are none, say). */
  children?: ReactNode;
}) {
  const names = classes(look);
  const frame = { id, label, hint, error, look };
  const { 'aria-describedby': describedBy } = controlProps(frame);
  return (
    <fieldset
      id={id}
      className={className ?? `${names.field}-set`}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
    >
      <legend>{label}</legend>
      {children}
      {options.map((option) => (
        <label key={option.value} className={optionClassName}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            disabled={disabled || option.disabled}
            onChange={() => onChange(option.value)}
          />{' '}
          {option.label}
        </label>
      ))}
      <FieldNotes {...frame} />
    </fieldset>
  );
}
