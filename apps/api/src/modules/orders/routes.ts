import {
  changeOrderStatus,
  getOrderInvoiceStatus,
  ordersContract,
  recordOrderPayment,
  searchOrders,
} from '@colophon/contract';
import { orders } from '@colophon/db';
import { and } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountVisible } from '../../access/scope';
import { implement } from '../../engine/implement';
import { requestContext } from '../../engine/resource';
import { searchPage } from '../../engine/search-page';
import { AppError } from '../../errors';
import { orderInvoiceStatus, recordPayment } from './invoice';
import { fillOrders, orderFilters, orderIncludeFills, orderItem } from './resource';
import { applyOrderStatus } from './status';
import { visibleOrder } from './visible';

/** The orders calls beside the resource: the POST search, a status set by hand, the invoice and its payment. */
export async function registerOrderRoutes(app: FastifyInstance) {
  const contextOf = (request: FastifyRequest) => requestContext(app, request);

  implement(app, searchOrders, async function orderSearchPost(request) {
    const context = contextOf(request);
    const body = request.body;
    const where = and(accountVisible(context.auth, orders.accountId), ...orderFilters(body));
    return searchPage(context, ordersContract, {
      from: orders,
      where,
      includes: orderIncludeFills,
      fill: fillOrders,
      body,
      large: true,
    });
  });

  implement(app, changeOrderStatus, async function setOrderStatus(request) {
    const context = contextOf(request);
    const order = await visibleOrder(context.db, context.auth, request.params.id);
    const { status, reason } = request.body;
    const now = app.services.clock.now();
    const changed = await context.db.transaction((tx) =>
      applyOrderStatus(tx, order, status, {
        source: 'user',
        userId: context.auth.user.id,
        message: reason,
        occurredAt: now,
      }),
    );
    if (!changed) throw new AppError('conflict', `Order ${order.id} is already in that status.`);
    return orderItem(context, await visibleOrder(context.db, context.auth, order.id));
  });

  implement(app, getOrderInvoiceStatus, async function invoiceStatus(request) {
    return orderInvoiceStatus(contextOf(request), request.params.id);
  });

  implement(app, recordOrderPayment, async function orderPaid(request) {
    return recordPayment(contextOf(request), request.params.id, request.body.reason);
  });
}
