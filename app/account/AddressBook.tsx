import { useStore } from '#app/stores/use-store.ts';
import { errorMessage, type UiLocale } from '#i18n/messages.ts';
import { m } from '#i18n/paraglide/messages.js';
import {
  $addressEditor,
  $addressError,
  makeDefaultAddress,
  openAddressEditor,
  removeAddress,
} from '#app/stores/account/addresses.ts';
import { $account } from '#app/stores/account/profile.ts';
import AddressForm from './AddressForm.tsx';
import { inLocale } from './form-helpers.ts';
import { Notice } from '#app/ui/notice.tsx';

/** My addresses (spec section 6): saved in the database, one of them the default. */
export default function AddressBook({ locale }: { locale: UiLocale }) {
  const { addresses } = useStore($account);
  const editing = useStore($addressEditor);
  const error = useStore($addressError);
  const t = inLocale(locale);

  return (
    <div className="account-addresses">
      {addresses.length === 0 && <p>{m.account_addresses_empty({}, t)}</p>}
      <ul className="account-address-list">
        {addresses.map((address) => (
          <li key={address.id} className={address.isDefault ? 'is-default' : undefined}>
            {editing === address.id ? (
              <AddressForm locale={locale} />
            ) : (
              <>
                <p className="account-address-line">
                  {address.fullAddress}
                  {address.isDefault && <span className="account-badge">{m.account_addresses_default({}, t)}</span>}
                </p>
                <div className="account-actions">
                  <button
                    type="button"
                    className="account-link-button"
                    onClick={() => openAddressEditor(address, locale)}
                  >
                    {m.account_addresses_edit({}, t)}
                  </button>
                  {!address.isDefault && (
                    <button
                      type="button"
                      className="account-link-button"
                      onClick={() => void makeDefaultAddress(address.id)}
                    >
                      {m.account_addresses_makeDefault({}, t)}
                    </button>
                  )}
                  <button
                    type="button"
                    className="account-link-button account-link-danger"
                    onClick={() => void removeAddress(address.id)}
                  >
                    {m.account_addresses_delete({}, t)}
                  </button>
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
      {error && (
        <Notice tone="error" className="account-alert account-alert-error">
          {errorMessage(error, locale)}
        </Notice>
      )}
      {editing === 'new' ? (
        <AddressForm locale={locale} />
      ) : (
        <button
          type="button"
          className="account-button account-button-secondary"
          onClick={() => openAddressEditor('new', locale)}
        >
          + {m.account_addresses_add({}, t)}
        </button>
      )}
    </div>
  );
}
