// Loaded only through NotificationsHost's dynamic import, which makes the container its own chunk.
export { Notifications } from '@mantine/notifications';
