import { useEffect } from 'react';
import { useStore } from '#app/stores/use-store.ts';
import { $notification, dismissNotification, resetNotification } from '#app/stores/notifications.ts';

/** The notification area (spec section 4): success in green, errors in red; each page load is a route change. */
export default function Notifications({ closeLabel }: { closeLabel: string }) {
  const notification = useStore($notification);
  useEffect(resetNotification, []);
  return (
    <div className="notifications" role="status" aria-live="polite">
      {notification && (
        <div
          className={`notification notification-${notification.type}`}
          role={notification.type === 'error' ? 'alert' : undefined}
        >
          <p>{notification.message}</p>
          <button type="button" className="notification-close" aria-label={closeLabel} onClick={dismissNotification}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
