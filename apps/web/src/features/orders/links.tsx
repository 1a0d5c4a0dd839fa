import type { Order } from '@colophon/contract';
import type { AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppLink } from '../../components/AppLink';

export const orderPath = (id: number) => `/admin/orders/${id}`;

/** The order's number as people read it (ORD-26-00012); an order not yet numbered by its id. */
export const orderNumber = (order: Pick<Order, 'id' | 'externalId'>) => order.externalId ?? `Order ${order.id}`;

/** A link to one order's page. */
export function OrderLink({
  id,
  children,
  ...props
}: { id: number; children: ReactNode } & Omit<AnchorProps, 'children'>) {
  return (
    <AppLink href={orderPath(id)} {...props}>
      {children}
    </AppLink>
  );
}
