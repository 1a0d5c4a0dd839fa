import {
  chargeInvoice,
  createInvoiceFromOrder,
  type Invoice,
  type InvoicePaymentResult,
  invoicesContract,
  issueInvoice,
  recordInvoicePayment,
  refundInvoicePayment,
  voidInvoice,
} from '@colophon/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../lib/call';
import { createResource, useInvalidatingMutation } from '../../lib/resource';

/** Invoices: list and get of `/api/invoices` (super administrators also create and edit drafts). */
export const invoicesResource = createResource(invoicesContract);
const keys = invoicesResource.keys;

/** What the drawer shows: lines, payments and refunds, the accounting sync, the account and its cards. */
const drawerIncludes = { include: ['lines', 'payments', 'sync', 'account', 'cards'] };
export const invoiceListIncludes = ['account'];

export function useInvoice(id: number | null) {
  return useQuery({
    ...invoicesResource.detailOptions(id ?? 0, drawerIncludes),
    enabled: id !== null && id > 0,
    staleTime: 0,
  });
}

export type ChargeBody = z.input<typeof chargeInvoice.body>;
export type RecordPaymentBody = z.input<typeof recordInvoicePayment.body>;
export type RefundBody = z.input<typeof refundInvoicePayment.body>;

export const useChargeInvoice = () =>
  useInvalidatingMutation<InvoicePaymentResult, ChargeBody>([keys.all], {
    mutationFn: (body) => call(chargeInvoice, { body }),
  });

export const useRecordPayment = () =>
  useInvalidatingMutation<InvoicePaymentResult, { id: number; body: RecordPaymentBody }>([keys.all], {
    mutationFn: ({ id, body }) => call(recordInvoicePayment, { params: { id }, body }),
  });

export const useRefundPayment = () =>
  useInvalidatingMutation<InvoicePaymentResult, { id: number; body: RefundBody }>([keys.all], {
    mutationFn: ({ id, body }) => call(refundInvoicePayment, { params: { id }, body }),
  });

export const useIssueInvoice = () =>
  useInvalidatingMutation<Invoice, number>([keys.all], {
    mutationFn: (id) => call(issueInvoice, { params: { id } }),
  });

export const useVoidInvoice = () =>
  useInvalidatingMutation<Invoice, { id: number; reason: string }>([keys.all], {
    mutationFn: ({ id, reason }) => call(voidInvoice, { params: { id }, body: { reason } }),
  });

/** A draft priced by the order's project quote (its lines are the quote's). */
export const useInvoiceFromOrder = () =>
  useInvalidatingMutation<Invoice, { orderId: number; taxBasisPoints: number }>([keys.all], {
    mutationFn: (body) => call(createInvoiceFromOrder, { body }),
  });
