import { useStore } from '#app/stores/use-store.ts';
import type { UiLocale } from '#app/i18n/messages.ts';
import { m } from '#app/paraglide/messages.js';
import { CheckField, TextField } from '#app/ui/rule-fields.tsx';
import { inLocale } from '#app/account/form-helpers.ts';
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
 * sentence that no invoices are issued there. `form` is the id prefix of the form it stands in (checkout, cc).
 */
export function InvoiceFields({
  form,
  locale,
  offered,
}: {
  form: string;
  locale: UiLocale;
  /** Whether the restaurant's country has invoices (Poland). */
  offered: boolean;
}) {
  const values = useStore($invoice);
  const errors = useStore($invoiceErrors);
  const t = inLocale(locale);
  const label: Record<InvoiceField, string> = {
    companyName: m.invoice_companyName({}, t),
    nip: m.invoice_nip({}, t),
    street: m.invoice_street({}, t),
    zip: m.invoice_zip({}, t),
    city: m.invoice_city({}, t),
  };
  return (
    <fieldset className="account-fieldset">
      <legend>{m.invoice_legend({}, t)}</legend>
      {!offered ? (
        <p className="invoice-note">{m.invoice_notInUkraine({}, t)}</p>
      ) : (
        <>
          <CheckField
            form={form}
            name="invoiceWanted"
            label={m.invoice_want({}, t)}
            locale={locale}
            checked={values.wanted}
            onChange={(checked) => setInvoiceField('wanted', checked)}
          />
          {values.wanted && (
            <>
              <div className="invoice-fields-grid">
                {INVOICE_REQUEST_FIELDS.map((field) => (
                  <div key={field} className={field === 'companyName' || field === 'street' ? 'invoice-wide' : ''}>
                    <TextField
                      form={form}
                      name={invoiceInputName(field)}
                      label={label[field]}
                      locale={locale}
                      required
                      value={values[field]}
                      error={errors[field]}
                      autoComplete={AUTOCOMPLETE[field]}
                      {...(field === 'nip' ? { inputMode: 'numeric' as const, maxLength: 20 } : {})}
                      onChange={(value) => setInvoiceField(field, value)}
                    />
                  </div>
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
