import { lazy } from 'react';

// @mantine/notifications (and the transition code it brings) stays out of the start-up code: it
// loads right after, and a toast shown before that waits in its store until the container mounts.
let library: Promise<typeof import('@mantine/notifications')> | undefined;
const loadNotifications = () => {
  library ??= import('@mantine/notifications');
  return library;
};

/** Mantine's toast container, loaded lazily; render it once, inside a Suspense. */
export const LazyNotifications = lazy(() =>
  loadNotifications().then((module) => ({ default: module.Notifications })),
);

/** A toast whose close button has a name (Mantine's has none by default). */
export function notify(options: {
  title: string;
  message: string;
  color?: string;
  autoClose?: number;
}): void {
  void loadNotifications().then(({ notifications }) =>
    notifications.show({
      title: options.title,
      message: options.message,
      color: options.color ?? 'green',
      autoClose: options.autoClose ?? 3000,
      closeButtonProps: { 'aria-label': 'Close notification' },
      // Mantine greys a titled toast's message (gray.6 on white, 3.3:1), below WCAG AA.
      styles: { description: { color: 'var(--mantine-color-dark-6)' } },
    }),
  );
}
