import type { manufacturers, manufacturingPlants, orders } from '@colophon/db';

/**
 * How an order reaches its printing plant (issue 11): the job ticket and the order's files. One
 * small interface; the embedded default drops the ticket into the order's folder of the file store
 * (the plant's inbox), the HTTP adapter posts it to the manufacturer's endpoint, signed.
 */

/** Why the order goes out: placed ('send'), moved to another plant ('move'), sent again ('resend'). */
export type PlantSendAction = 'send' | 'move' | 'resend';

export interface PlantSend {
  order: typeof orders.$inferSelect;
  manufacturer: typeof manufacturers.$inferSelect;
  plant: typeof manufacturingPlants.$inferSelect;
  ticketXml: string;
  action: PlantSendAction;
  /** Which sending of the order this is (1 for the first): names the ticket file. */
  sendNumber: number;
  /** The order's files the plant needs besides the ticket (personalization CSVs), with signed links. */
  files: { name: string; key: string; url: string }[];
  /** The same for every run of one queue job, so a job run twice is received once. */
  idempotencyKey: string;
}

export interface PlantAdapter {
  /** 'embedded' or 'http', kept on the timeline's line. */
  readonly name: string;
  /** Sends the order; throws when it did not arrive (the queue retries). */
  send(request: PlantSend): Promise<{ reference: string }>;
}
