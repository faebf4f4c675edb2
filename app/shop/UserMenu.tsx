import { useEffect } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import type { Locale } from '#domain/localized-routes.ts';
import { $user, loadUser, logout } from '#app/stores/session.ts';
import { api } from '#app/api-client.ts';
import { useDropdown, useHydrated } from './use-dropdown.ts';
import { userMenuEntries, type UserMenuEntry } from './user-menu.ts';

export type UserMenuLabels = Record<UserMenuEntry['key'] | 'label', string>;

/** The user menu by role (spec section 6); logout ends the session, then goes to the homepage. */
export default function UserMenu({ labels, locale }: { labels: UserMenuLabels; locale: Locale }) {
  const user = useStore($user);
  const hydrated = useHydrated();
  const { container, buttonProps, panelProps, close } = useDropdown();
  useEffect(() => void loadUser(api), []);

  const entries = userMenuEntries(user, locale);
  return (
    <div className="dropdown user" ref={container}>
      <button {...buttonProps} className="nav-button" disabled={!hydrated}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
          <path
            fill="currentColor"
            d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-9 2.2-9 5v3h18v-3c0-2.8-4.6-5-9-5Z"
          />
        </svg>
        <span>{user ? user.firstname || labels.label : labels.label}</span>
      </button>
      <ul {...panelProps} className="dropdown-panel menu-list">
        {entries.map((entry) => (
          <li key={entry.key}>
            {entry.key === 'logout' ? (
              <button
                type="button"
                className="menu-item"
                onClick={() => {
                  close();
                  void logout(api).then(() => window.location.assign(entry.href));
                }}
              >
                {labels.logout}
              </button>
            ) : (
              <a className="menu-item" href={entry.href}>
                {labels[entry.key]}
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
