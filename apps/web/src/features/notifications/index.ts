export { NotificationsTable } from './NotificationsTable';
