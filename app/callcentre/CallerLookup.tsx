import { useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import { useEarlyInput } from '#app/forms/early-input.ts';
import { formatMoney } from '#domain/money.ts';
import { errorMessage } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import { $account, $busy, $failure, $lookup, chooseAccount, lookUpCaller, prefill } from './phone-order.ts';
import { inLocale, type UiLocale } from './texts.ts';
import { Notice } from '#app/ui/notice.tsx';
import { controlProps, FieldNotes, RadioGroup } from '#app/ui/field.tsx';

const addressLine = (a: { street: string; streetNo: string; aptNo: string | null; zip: string; city: string }) =>
  `${a.street} ${a.streetNo}${a.aptNo ? `/${a.aptNo}` : ''}, ${a.zip} ${a.city}`;

/** Finds the caller by phone: the accounts with the number, earlier orders and known addresses, each one click away. */
export function CallerLookup({ locale, hydrated }: { locale: UiLocale; hydrated: boolean }) {
  const t = inLocale(locale);
  const lookup = useStore($lookup);
  const account = useStore($account);
  const busy = useStore($busy);
  const failure = useStore($failure);
  const [phone, setPhone] = useState('');
  const form = useRef<HTMLFormElement>(null);
  useEarlyInput(form, (changed) => {
    if (typeof changed['phone'] === 'string') setPhone(changed['phone']);
  });
  const dates = new Intl.DateTimeFormat(locale === 'ua' ? 'uk' : locale, { dateStyle: 'medium' });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (phone.trim()) void lookUpCaller(phone.trim());
  };
  const result = lookup?.result;
  const nothing = result && !result.accounts.length && !result.orders.length;
  const phoneField = {
    id: 'cc-phone',
    label: m.cc_phone_label({}, t),
    look: 'cc',
    error:
      failure?.section === 'lookup'
        ? failure.key === 'validation'
          ? m.rule_isValidPhoneNo({}, t)
          : errorMessage(failure.key, locale)
        : undefined,
  } as const;

  return (
    <section className="cc-card" aria-labelledby="cc-caller-title">
      <h2 id="cc-caller-title">{m.cc_caller_title({}, t)}</h2>
      <form ref={form} method="post" className="cc-inline-form" onSubmit={submit} role="search">
        <label htmlFor={phoneField.id}>{phoneField.label}</label>
        <div className="cc-inline">
          <input
            {...controlProps(phoneField)}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
          />
          <button type="submit" className="button" disabled={!hydrated || busy}>
            {m.cc_find({}, t)}
          </button>
        </div>
        <FieldNotes {...phoneField} alert />
      </form>
      {nothing && <Notice tone="news">{m.cc_no_match({}, t)}</Notice>}
      {result && result.accounts.length > 0 && (
        <RadioGroup
          id="cc-accounts"
          look="cc"
          className="cc-choices"
          optionClassName="cc-choice"
          label={m.cc_accounts({}, t)}
          name="cc-account"
          value={account ? String(account.id) : 'none'}
          options={[
            ...result.accounts.map((a) => ({
              value: String(a.id),
              label: (
                <span>
                  {m.cc_account_for({}, t)}: <strong>{`${a.firstname} ${a.lastname}`}</strong> · {a.email}
                </span>
              ),
            })),
            { value: 'none', label: <span>{m.cc_account_none({}, t)}</span> },
          ]}
          onChange={(value) => {
            const a = result.accounts.find((candidate) => String(candidate.id) === value);
            chooseAccount(a ?? null);
            if (a) prefill({ firstname: a.firstname, lastname: a.lastname, email: a.email });
          }}
        />
      )}
      {result && result.orders.length > 0 && (
        <>
          <h3>{m.cc_earlier_orders({}, t)}</h3>
          <ul className="cc-list">
            {result.orders.map((o) => (
              <li key={o.id}>
                <span>
                  <strong>{o.displayId}</strong> · {dates.format(new Date(o.createdAt))} · {o.restaurant.name} ·{' '}
                  {formatMoney(o.total, o.currency, locale)}
                  <br />
                  {`${o.customer.firstname} ${o.customer.lastname}`}
                  {o.customer.street
                    ? ` · ${o.customer.street} ${o.customer.streetNo ?? ''}, ${o.customer.city ?? ''}`
                    : ''}
                </span>
                <button
                  type="button"
                  className="link-button"
                  onClick={() =>
                    prefill({
                      firstname: o.customer.firstname,
                      lastname: o.customer.lastname,
                      email: o.customer.email,
                      phone: o.customer.phone,
                      ...(o.customer.street
                        ? {
                            street: o.customer.street,
                            streetNo: o.customer.streetNo ?? '',
                            aptNo: o.customer.aptNo ?? '',
                            city: o.customer.city ?? '',
                            zip: o.customer.zip ?? '',
                          }
                        : {}),
                    })
                  }
                >
                  {m.cc_use_details({}, t)}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {result && result.addresses.length > 0 && (
        <>
          <h3>{m.cc_addresses({}, t)}</h3>
          <ul className="cc-list">
            {result.addresses.map((a) => (
              <li key={addressLine(a)}>
                <span>{addressLine(a)}</span>
                <button
                  type="button"
                  className="link-button"
                  onClick={() =>
                    prefill({ street: a.street, streetNo: a.streetNo, aptNo: a.aptNo ?? '', city: a.city, zip: a.zip })
                  }
                >
                  {m.cc_use_address({}, t)}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
