import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { adoptFields, useEarlyInput } from '#app/forms/early-input.ts';
import type { AddressParts } from '#app/stores/address.ts';
import { ADDRESS_FIELDS, addressErrors, addressFieldRule, type AddressField } from './address-rules.ts';
import type { AddressTexts } from './address-types.ts';
import { TextInput } from '#app/ui/field.tsx';

type Props = {
  initial: AddressParts | null;
  action: string;
  texts: AddressTexts;
  onSave: (address: AddressParts) => void;
  /** Called when the visitor had typed into the form before its island loaded. */
  onEarlyInput?: () => void;
};

const EMPTY: AddressParts = { street: '', streetNo: '', zip: '', city: '' };
const AUTOCOMPLETE: Record<AddressField, string> = {
  street: 'address-line1',
  streetNo: 'address-line2',
  zip: 'postal-code',
  city: 'address-level2',
};

/**
 * The delivery address form. A real form posting nowhere but its own page, with the button disabled until the
 * island runs: a click before hydration sends nothing, and never the fields in a URL; what was typed before then is
 * kept. Each field is checked when it changes, the whole form on submit, and the first field in error takes the focus.
 */
export function AddressForm({ initial, action, texts, onSave, onEarlyInput }: Props) {
  const [address, setAddress] = useState<AddressParts>(initial ?? EMPTY);
  const [errors, setErrors] = useState<Partial<Record<AddressField, string>>>({});
  const [ready, setReady] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const id = useId();
  useEffect(() => setReady(true), []);

  const change = (field: AddressField, value: string) => {
    setAddress((now) => ({ ...now, [field]: value }));
    const rule = addressFieldRule(field, value);
    setErrors((now) => ({ ...now, [field]: rule ? texts[rule] : undefined }));
  };
  useEarlyInput(form, (typed) => {
    adoptFields(typed, EMPTY, change);
    onEarlyInput?.();
  });
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = addressErrors(address);
    setErrors(Object.fromEntries(Object.entries(found).map(([field, rule]) => [field, texts[rule]])));
    const first = ADDRESS_FIELDS.find((field) => found[field]);
    if (first) {
      const input = form.current?.querySelector<HTMLInputElement>(`[name="${first}"]`);
      input?.scrollIntoView({ block: 'center' });
      input?.focus();
      return;
    }
    onSave({
      street: address.street.trim(),
      streetNo: address.streetNo.trim(),
      zip: address.zip.trim(),
      city: address.city.trim(),
    });
  };

  return (
    <form ref={form} className="address-form" method="post" action={action} onSubmit={submit} noValidate>
      {ADDRESS_FIELDS.map((field) => (
        <TextInput
          key={field}
          id={`${id}-${field}`}
          look="field"
          className={`field-${field}`}
          label={texts[field]}
          error={errors[field]}
          name={field}
          autoComplete={AUTOCOMPLETE[field]}
          inputMode={field === 'zip' ? 'numeric' : undefined}
          value={address[field]}
          onChange={(event) => change(field, event.target.value)}
        />
      ))}
      <button type="submit" className="primary" disabled={!ready}>
        {texts.save}
      </button>
    </form>
  );
}
