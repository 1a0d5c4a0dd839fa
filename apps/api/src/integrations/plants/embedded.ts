import type { FileStore } from '../files/file-store';
import type { PlantAdapter } from './adapter';

/** The order's folder in the file store: its tickets, its personalization CSVs. */
export const orderFolder = (orderId: number) => `orders/${orderId}/`;

/** Where the embedded adapter leaves the n-th ticket of an order. */
export const ticketKey = (orderId: number, sendNumber: number, action: string) =>
  `${orderFolder(orderId)}tickets/${sendNumber}-${action}.xml`;

/**
 * The default (offline) plant: the order's folder of the file store is the plant's inbox. The
 * ticket is written there under its send number; the personalization CSVs are already there
 * (`orders/<id>/personalization/`), so the plant finds everything in one folder. Writing the same
 * key again overwrites it, so a job run twice leaves one file.
 */
export function createEmbeddedPlantAdapter(files: FileStore): PlantAdapter {
  return {
    name: 'embedded',
    async send({ order, ticketXml, sendNumber, action }) {
      const key = ticketKey(order.id, sendNumber, action);
      await files.put(key, Buffer.from(ticketXml, 'utf8'), 'application/xml');
      return { reference: key };
    },
  };
}
