import { type NotificationsProps, useNotifications } from '@mantine/notifications';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { reportError } from '../lib/error-reporter';

type Container = { default: ComponentType<NotificationsProps> };

/**
 * Issue 9: the toasts' container (transitions, portal, scroll handling: about 9 kB compressed) is a
 * chunk of its own, loaded the first time a toast is shown; the login page shows none. The store
 * behind `notifications.show()` is in the main bundle, so a toast shown before the container has
 * arrived waits in it and appears once the container mounts. Imported through a module of ours:
 * `import('@mantine/notifications')` itself would resolve to the main bundle, which holds the store.
 */
const NotificationsContainer = lazy(() =>
  import('./notifications-container').then(
    (module): Container => ({ default: module.Notifications }),
    (error: unknown): Container => {
      // A chunk that fails to load costs the toasts, never the page (no reload: a toast often
      // follows an error, and reloading would lose what the person typed).
      reportError(error, 'notifications.load');
      return { default: () => null };
    },
  ),
);

/** Mantine's `<Notifications>`, mounted from the first toast on. */
export function NotificationsHost(props: NotificationsProps) {
  const { notifications, queue } = useNotifications();
  const wanted = notifications.length > 0 || queue.length > 0;
  // Once mounted it stays: unmounting with the last toast would cut its closing transition.
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (wanted) setMounted(true);
  }, [wanted]);
  if (!wanted && !mounted) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsContainer {...props} />
    </Suspense>
  );
}
