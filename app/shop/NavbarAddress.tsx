import { useEffect } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import { $address, clearAddress, loadAddress } from '#app/stores/address.ts';
import { useDropdown, useHydrated } from './use-dropdown.ts';

export type NavbarAddressLabels = { label: string; none: string; change: string; set: string; clear: string };

/** The delivery-address button: the full address kept in the browser, or the 'none' text (spec section 2). */
export default function NavbarAddress({ labels, homeHref }: { labels: NavbarAddressLabels; homeHref: string }) {
  const hydrated = useHydrated();
  // The address lives in the browser: the first render matches the server's HTML (none), even when another island
  // has already loaded it, and the stored one shows once this island has hydrated.
  const stored = useStore($address);
  const address = hydrated ? stored : null;
  const { close, container, buttonProps, panelProps } = useDropdown();
  useEffect(() => {
    loadAddress();
  }, []);

  return (
    <div className="dropdown address" ref={container}>
      <button {...buttonProps} className="nav-button" disabled={!hydrated}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
          <path
            fill="currentColor"
            d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z"
          />
        </svg>
        <span className="visually-hidden">{labels.label}: </span>
        <span className="address-text">{address?.fullAddress ?? labels.none}</span>
      </button>
      <div {...panelProps} className="dropdown-panel">
        <p className="panel-title">{labels.label}</p>
        <p>{address?.fullAddress ?? labels.none}</p>
        <a className="button" href={`${homeHref}#address`} onClick={close}>
          {address ? labels.change : labels.set}
        </a>
        {address && (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              clearAddress();
              close();
            }}
          >
            {labels.clear}
          </button>
        )}
      </div>
    </div>
  );
}
