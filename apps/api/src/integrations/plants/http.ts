import { IntegrationError, referenceOf, signedPost } from '../http/signed-http';
import type { PlantAdapter } from './adapter';

export interface HttpPlantOptions {
  /** The manufacturer's endpoint for job tickets. */
  url: string;
  timeoutMs: number;
}

/**
 * A plant reached over HTTP: the ticket is POSTed as signed JSON (signed-http.ts: HMAC-SHA256 of
 * '<t>.<body>' in `x-colophon-signature`, an idempotency key) with the manufacturer's own shared
 * secret, the one it signs its postbacks with, so each plant checks only what is meant for it.
 */
export function createHttpPlantAdapter(options: HttpPlantOptions): PlantAdapter {
  return {
    name: 'http',
    async send({ order, manufacturer, plant, ticketXml, action, sendNumber, idempotencyKey, files }) {
      const service = `The plant of ${manufacturer.name}`;
      if (!manufacturer.postbackSecret) {
        throw new IntegrationError(
          service,
          `${manufacturer.name} has a ticket endpoint but no shared secret to sign with.`,
        );
      }
      const answer = await signedPost({
        service,
        url: options.url,
        secret: manufacturer.postbackSecret,
        timeoutMs: options.timeoutMs,
        idempotencyKey,
        body: {
          event: 'order.ticket',
          action,
          sendNumber,
          order: { id: order.id, externalId: order.externalId },
          manufacturer: { code: manufacturer.code },
          plant: { code: plant.code },
          ticket: ticketXml,
          files,
        },
      });
      return { reference: referenceOf(answer.json) ?? `http:${answer.status}` };
    },
  };
}
