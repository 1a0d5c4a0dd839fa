/** What other features show of the accounting sync (an invoice's screen: its sync status and PDF). */
export { AccountingPdfLink, InvoiceSyncStatus, SyncStatusBadge } from './InvoiceSyncStatus';
