import type { SignedEndpoints } from '../../config';
import type { FileStore } from '../files/file-store';
import type { PlantAdapter } from './adapter';
import { createEmbeddedPlantAdapter } from './embedded';
import { createHttpPlantAdapter } from './http';

export type { PlantAdapter, PlantSend, PlantSendAction } from './adapter';
export { createEmbeddedPlantAdapter, orderFolder, ticketKey } from './embedded';
export { createHttpPlantAdapter } from './http';

/**
 * The adapter for one manufacturer: HTTP when PLANT_TICKET_ENDPOINTS names a URL for its code
 * (lower case: `blt1=https://…`), else the embedded default (the file store's order folder).
 */
export function plantAdapterFor(
  services: { files: FileStore; config: { plantTickets: Pick<SignedEndpoints, 'endpoints' | 'timeoutMs'> } },
  manufacturerCode: string,
): PlantAdapter {
  const { endpoints, timeoutMs } = services.config.plantTickets;
  const url = endpoints[manufacturerCode.toLowerCase()];
  if (url) return createHttpPlantAdapter({ url, timeoutMs });
  return createEmbeddedPlantAdapter(services.files);
}
