import { atom } from 'nanostores';

/**
 * Spec section 3/4: one notification at a time, success (green) or error (red). Every route change resets it,
 * except a forced one, which survives exactly one route change (the admin's add-item flow shows "saved" on the new
 * item's page): the reset then only clears its forced flag.
 */
export type Notification = { type: 'success' | 'error'; message: string; forced: boolean };

export const $notification = atom<Notification | null>(null);

// The shop is a multi-page site: a route change is a new page, so a forced notification waits in sessionStorage.
const NOTIFICATION_STORAGE_KEY = 'notification';

function stored<T>(use: (storage: Storage) => T): T | null {
  try {
    return globalThis.sessionStorage ? use(globalThis.sessionStorage) : null;
  } catch {
    return null;
  }
}

function show(notification: Notification): void {
  $notification.set(notification);
  if (notification.forced) stored((storage) => storage.setItem(NOTIFICATION_STORAGE_KEY, JSON.stringify(notification)));
  else stored((storage) => storage.removeItem(NOTIFICATION_STORAGE_KEY));
}

export const notifySuccess = (message: string, options: { forced?: boolean } = {}): void =>
  show({ type: 'success', message, forced: options.forced ?? false });

export const notifyError = (message: string, options: { forced?: boolean } = {}): void =>
  show({ type: 'error', message, forced: options.forced ?? false });

/** The user closed it. */
export function dismissNotification(): void {
  stored((storage) => storage.removeItem(NOTIFICATION_STORAGE_KEY));
  $notification.set(null);
}

const parse = (raw: string | null): Notification | null => {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Notification>;
    return (value.type === 'success' || value.type === 'error') && typeof value.message === 'string'
      ? { type: value.type, message: value.message, forced: value.forced === true }
      : null;
  } catch {
    return null;
  }
};

/**
 * A route change (each page load calls it once): clears the notification unless it was forced, in which case it
 * stays on this page without its forced flag and is gone on the next route change.
 */
export function resetNotification(): void {
  const kept = $notification.get() ?? parse(stored((storage) => storage.getItem(NOTIFICATION_STORAGE_KEY)));
  stored((storage) => storage.removeItem(NOTIFICATION_STORAGE_KEY));
  $notification.set(kept?.forced ? { ...kept, forced: false } : null);
}
