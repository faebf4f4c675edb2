import { useStore } from '#app/stores/use-store.ts';
import { fieldMessage, messageLocale, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { Checkbox, TextInput } from '#app/ui/field.tsx';
import { INVOICE_REQUEST_FIELDS } from '#domain/invoice.ts';
import {
  $invoice,
  $invoiceErrors,
  invoiceInputName,
  setInvoiceField,
  type InvoiceField,
} from '#app/stores/invoice-request.ts';
import '#app/invoices/invoice.css';

const AUTOCOMPLETE: Record<InvoiceField, string> = {
  companyName: 'organization',
  nip: 'off',
  street: 'street-address',
  zip: 'postal-code',
  city: 'address-level2',
};

/**
 * "I want a company invoice" (issue 36) with the company's name, NIP and address, in Poland; in Ukraine only the
 * sentence that no invoices are issued there. `form` is the id prefix of the form it stands in (checkout, cc-order);
 * `look` the screen's field styles (the shop's or the call centre's).
 */
export function InvoiceFields({
  form,
  locale,
  offered,
  look = 'account',
}: {
  form: string;
  locale: UiLocale;
  /** Whether the restaurant's country has invoices (Poland). */
  offered: boolean;
  look?: 'account' | 'cc';
}) {
  const values = useStore($invoice);
  const errors = useStore($invoiceErrors);
  const t = { locale: messageLocale(locale) };
  const label: Record<InvoiceField, string> = {
    companyName: m.invoice_companyName({}, t),
    nip: m.invoice_nip({}, t),
    street: m.invoice_street({}, t),
    zip: m.invoice_zip({}, t),
    city: m.invoice_city({}, t),
  };
  const requiredMark = <span className="account-required"> ({m.account_required({}, t)})</span>;
  return (
    <fieldset className={look === 'cc' ? 'cc-choices invoice-fields' : 'account-fieldset invoice-fields'}>
      <legend>{m.invoice_legend({}, t)}</legend>
      {!offered ? (
        <p className="invoice-note">{m.invoice_notInUkraine({}, t)}</p>
      ) : (
        <>
          <Checkbox
            id={`${form}-invoiceWanted`}
            name="invoiceWanted"
            look={look}
            label={m.invoice_want({}, t)}
            checked={values.wanted}
            onChange={(event) => setInvoiceField('wanted', event.target.checked)}
          />
          {values.wanted && (
            <>
              <div className="invoice-fields-grid">
                {INVOICE_REQUEST_FIELDS.map((field) => (
                  <TextInput
                    key={field}
                    id={`${form}-${invoiceInputName(field)}`}
                    name={invoiceInputName(field)}
                    look={look}
                    className={field === 'companyName' || field === 'street' ? 'invoice-wide' : undefined}
                    label={label[field]}
                    required
                    requiredMark={requiredMark}
                    error={errors[field] ? fieldMessage(errors[field], locale) : undefined}
                    value={values[field]}
                    autoComplete={AUTOCOMPLETE[field]}
                    {...(field === 'nip' ? { inputMode: 'numeric' as const, maxLength: 20 } : {})}
                    onChange={(event) => setInvoiceField(field, event.target.value)}
                  />
                ))}
              </div>
              <p className="invoice-note">{m.invoice_note({}, t)}</p>
            </>
          )}
        </>
      )}
    </fieldset>
  );
}
