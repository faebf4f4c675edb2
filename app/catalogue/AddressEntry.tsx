import { useEffect, useState } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import { useHydrated } from '#app/shop/use-dropdown.ts';
import { $address, formatAddress, loadAddress, setAddress, type DeliveryAddress } from '#app/stores/address.ts';
import { $nearby, countryOfZip, loadNearby } from '#app/stores/nearby.ts';
import { AddressForm } from './AddressForm.tsx';
import { NearbyList } from './NearbyList.tsx';
import type { AddressEntryProps } from './address-types.ts';

/**
 * The home page's delivery address (kept in the browser, app/stores/address.ts) and the restaurants delivering
 * to it. A returning visitor sees their address and its restaurants at once; "Change address" opens the form.
 */
export default function AddressEntry({ locale, action, texts }: AddressEntryProps) {
  // Both stores are filled in the browser only (the navbar's address island may have loaded the address first):
  // the first render is the server's HTML, the stores' state once hydrated.
  const hydrated = useHydrated();
  const storedAddress = useStore($address);
  const storedNearby = useStore($nearby);
  const address = hydrated ? storedAddress : null;
  const nearby = hydrated ? storedNearby : ({ status: 'idle' } as const);
  const [editing, setEditing] = useState(false);

  // A saved address is shown with its restaurants at once; a new one loads them when it is saved.
  useEffect(() => {
    const saved = loadAddress();
    if (saved) void loadNearby(saved, locale);
  }, [locale]);

  const showForm = editing || !address;
  return (
    <div className="address-entry">
      <h2 id="address-title">{texts.title}</h2>
      {showForm ? (
        <AddressForm
          initial={address}
          action={action}
          texts={texts}
          // A returning visitor who began typing a new address before the island ran keeps the form, not the old address.
          onEarlyInput={() => setEditing(true)}
          onSave={(parts) => {
            // The navbar shows the whole line; the postcode's format tells the country.
            const saved: DeliveryAddress = {
              ...parts,
              fullAddress: formatAddress(parts),
              country: countryOfZip(parts.zip) ?? 'pl',
            };
            setAddress(saved);
            setEditing(false);
            void loadNearby(saved, locale);
          }}
        />
      ) : (
        <p className="current-address">
          <strong>{address.fullAddress}</strong>
          <button type="button" onClick={() => setEditing(true)}>
            {texts.change}
          </button>
        </p>
      )}
      <section className="nearby" aria-labelledby="nearby-title" aria-live="polite">
        <h2 id="nearby-title">{texts.nearby}</h2>
        <NearbyList state={nearby} locale={locale} texts={texts} />
      </section>
    </div>
  );
}
