import { createHash } from 'node:crypto';
import { getOrderXml, type OrderXml, putOrderXml } from '@colophon/contract';
import { orders } from '@colophon/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { implement } from '../../engine/implement';
import { AppError, notFound } from '../../errors';
import { callerOf } from '../../plugins/authentication';
import { recordOrderEvent } from './status';
import { currentTicket, parseTicket } from './ticket';
import { visibleOrder } from './visible';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** `GET`/`PUT orders/{id}/xml`: the job ticket as it goes to the plant, and its edit by hand. */
export async function registerOrderTicketRoutes(app: FastifyInstance) {
  const { db } = app.services;

  implement(app, getOrderXml, async function orderXml(request): Promise<OrderXml> {
    const order = await visibleOrder(db, callerOf(request), request.params.id);
    const ticket = await currentTicket(db, order.id);
    if (!ticket) throw notFound('Order');
    return {
      orderId: order.id,
      xml: ticket.xml,
      source: ticket.source,
      updatedAt: ticket.updatedAt?.toISOString() ?? null,
    };
  });

  implement(app, putOrderXml, async function editOrderXml(request): Promise<OrderXml> {
    const auth = callerOf(request);
    const order = await visibleOrder(db, auth, request.params.id);
    const { xml, reason } = request.body;
    const parsed = parseTicket(xml);
    if (!parsed.ok) {
      throw new AppError('validation', `xml: ${parsed.message}`, {
        errors: [{ path: 'xml', message: parsed.message }],
      });
    }
    const before = (await currentTicket(db, order.id))?.xml ?? '';
    const now = new Date();
    await db.transaction(async (tx) => {
      await tx.update(orders).set({ xml, xmlUpdatedAt: now, updatedAt: now }).where(eq(orders.id, order.id));
      // The timeline keeps the reason and a fingerprint of each text, not the text twice.
      await recordOrderEvent(tx, {
        orderId: order.id,
        kind: 'ticket_edited',
        source: 'user',
        userId: auth.user.id,
        message: reason,
        data: {
          previous: { length: before.length, sha256: sha256(before) },
          next: { length: xml.length, sha256: sha256(xml) },
        },
      });
    });
    return { orderId: order.id, xml, source: 'edited', updatedAt: now.toISOString() };
  });
}
