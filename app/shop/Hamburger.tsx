import type { ReactNode } from 'react';
import { useDropdown, useHydrated } from './use-dropdown.ts';

/**
 * On small screens the address and the user menu fold into one menu behind this button (spec section 2); on wide
 * screens the button is hidden by CSS and its contents sit in the navbar as they are.
 */
export default function Hamburger({ label, children }: { label: string; children?: ReactNode }) {
  const hydrated = useHydrated();
  const { open, container, buttonProps, panelProps } = useDropdown();
  return (
    <div className="hamburger" ref={container} data-open={open}>
      <button {...buttonProps} className="nav-button hamburger-button" disabled={!hydrated}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
          {open ? (
            <path stroke="currentColor" strokeWidth="2.4" d="M5 5l14 14M19 5 5 19" />
          ) : (
            <path fill="currentColor" d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
          )}
        </svg>
        <span className="visually-hidden">{label}</span>
      </button>
      {/* Not `hidden`: on wide screens CSS shows it whatever the state; on small ones [data-open] decides. */}
      <div id={panelProps.id} className="hamburger-panel">
        {children}
      </div>
    </div>
  );
}
