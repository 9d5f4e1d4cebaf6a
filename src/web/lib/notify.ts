import { notifications } from '@mantine/notifications';

/** A toast whose close button has a name (Mantine's has none by default). */
export function notify(options: {
  title: string;
  message: string;
  color?: string;
  autoClose?: number;
}): void {
  notifications.show({
    title: options.title,
    message: options.message,
    color: options.color ?? 'green',
    autoClose: options.autoClose ?? 3000,
    closeButtonProps: { 'aria-label': 'Close notification' },
  });
}
