import { onlineOrderReceipt } from '@colophon/contract';
import { accounts, type Db, type onlineOrderItems, type onlinePayments, storeStatuses } from '@colophon/db';
import { onlineOrderPayment, onlineOrderShipping } from '@colophon/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { implement } from '../../engine/implement';
import { requestContext } from '../../engine/resource';
import { mobileYearbookUrlOf, type YearbookCodeMaker, yearbookCodesOfOrder } from '../mobile-yearbooks/access';
import { type OnlineOrderRow, onlineOrderLines, onlineOrderPayments, visibleOnlineOrder } from './online-orders';

/*
 * An online order's receipt (issue 12) as a one-or-more-page PDF: what the school's staff print from
 * the Online Orders drawer and what the parent's e-mail links to (`renderReceipt`, for the checkout).
 */

export type ReceiptLine = typeof onlineOrderItems.$inferSelect & { productName?: string | null };
export type ReceiptPayment = typeof onlinePayments.$inferSelect;

export interface ReceiptContext {
  schoolName: string;
  storeTitle: string | null;
  payments: ReceiptPayment[];
  /** The time zone the dates are written in (the school's; the source's London by default). */
  timeZone?: string;
  /** The digital yearbooks' access codes and links (the parent's receipt only). */
  yearbooks?: { code: string; url: string; revoked: boolean }[];
}

const money = (cents: number) =>
  `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The standard fonts write WinAnsi only: anything else (an emoji in a name) becomes '?', never a crash. */
const printable = (text: string) => text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');

/** Lines of at most `width` points, cut at spaces (a word longer than a line is cut where it must be). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of printable(text).split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** What a line says beside its product: its personalization, pages, ad, dedication, donation. */
function lineOptions(line: ReceiptLine): string[] {
  const options: string[] = [];
  if (line.personalizationName) options.push(`Personalized: ${line.personalizationName}`);
  if (line.personalizationIcons) options.push(`Icons: ${line.personalizationIcons}`);
  if (line.customPages) options.push(`${line.customPages} custom pages`);
  if (line.dedicationText) options.push(`Dedication: "${line.dedicationText}"`);
  if (line.isDonated) options.push('Donated book');
  options.push(onlineOrderShipping.label(line.typeShipping));
  return options;
}

/** The receipt of an order with its lines, as PDF bytes. */
export async function renderReceipt(
  order: OnlineOrderRow,
  lines: ReceiptLine[],
  context: ReceiptContext,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Receipt ${order.orderNumber}`);
  pdf.setCreator('Colophon');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const dateOf = (value: Date) =>
    value.toLocaleDateString('en-US', { timeZone: context.timeZone ?? 'Europe/London', dateStyle: 'long' });

  const margin = 54;
  let page: PDFPage = pdf.addPage([612, 792]);
  let y = 792 - margin;
  const right = 612 - margin;
  const ensure = (height: number) => {
    if (y - height >= margin) return;
    page = pdf.addPage([612, 792]);
    y = 792 - margin;
  };
  const write = (text: string, options: { size?: number; font?: PDFFont; x?: number; alignRight?: boolean } = {}) => {
    const size = options.size ?? 10;
    const font = options.font ?? regular;
    const safe = printable(text);
    const x = options.alignRight ? right - font.widthOfTextAtSize(safe, size) : (options.x ?? margin);
    page.drawText(safe, { x, y, size, font, color: rgb(0.1, 0.1, 0.1) });
  };
  const next = (height = 14) => {
    y -= height;
    ensure(14);
  };

  write(context.schoolName, { size: 16, font: bold });
  next(20);
  if (context.storeTitle) {
    write(context.storeTitle, { size: 12 });
    next(18);
  }
  write(`Receipt ${order.orderNumber}`, { size: 12, font: bold });
  write(dateOf(order.paidAt ?? order.createdAt), { size: 10, alignRight: true });
  next(22);

  write('Parent', { font: bold });
  write('Student', { font: bold, x: 320 });
  next();
  const student = [order.studentFirstName, order.studentLastName].filter(Boolean).join(' ');
  const parentLines = [order.parentName, order.parentEmail, order.parentPhone ?? ''].filter(Boolean);
  const studentLines = [
    student,
    order.grade ? `Grade ${order.grade}` : '',
    order.homeroom ? `Homeroom ${order.homeroom}` : '',
  ].filter(Boolean);
  for (let index = 0; index < Math.max(parentLines.length, studentLines.length); index++) {
    if (parentLines[index]) write(parentLines[index] ?? '');
    if (studentLines[index]) write(studentLines[index] ?? '', { x: 320 });
    next();
  }
  next(8);

  write('Item', { font: bold });
  write('Qty', { font: bold, x: 380 });
  write('Price', { font: bold, x: 420 });
  write('Total', { font: bold, alignRight: true });
  next(16);
  for (const line of lines) {
    const nameLines = wrap(line.productName ?? `Product ${line.productId ?? ''}`.trim(), bold, 10, 310);
    ensure(14 * (nameLines.length + 1));
    write(nameLines[0] ?? '', { font: bold });
    write(String(line.quantity), { x: 380 });
    write(money(line.unitPriceCents), { x: 420 });
    write(money(line.totalCents), { alignRight: true });
    for (const more of nameLines.slice(1)) {
      next(12);
      write(more, { font: bold });
    }
    if (line.refundedCents > 0) {
      next(12);
      const whole = line.refundedCents >= line.totalCents;
      write(whole ? 'Refunded' : 'Refunded in part', { size: 9, x: margin + 10 });
      write(money(-line.refundedCents), { size: 9, alignRight: true });
    }
    for (const option of lineOptions(line)) {
      for (const text of wrap(option, regular, 9, 310)) {
        next(12);
        write(text, { size: 9, x: margin + 10 });
      }
    }
    next(18);
  }

  const totals: [string, number][] = [['Subtotal', order.subtotalCents]];
  if (order.discountCents) totals.push(['Discount', -order.discountCents]);
  if (order.shippingCents) totals.push(['Shipping', order.shippingCents]);
  if (order.feeCents) totals.push(['Fee', order.feeCents]);
  if (order.taxCents) totals.push(['Tax', order.taxCents]);
  totals.push(['Total', order.totalCents]);
  for (const refund of context.payments.filter((payment) => payment.kind === 'refund' && payment.status !== 'failed')) {
    totals.push([`Refunded ${dateOf(refund.createdAt)}`, -refund.amountCents]);
  }
  if (order.refundedCents) totals.push(['Net paid', order.totalCents - order.refundedCents]);
  ensure(14 * (totals.length + 3));
  for (const [label, cents] of totals) {
    const strong = label === 'Total' || label === 'Net paid';
    write(label, { x: 380, font: strong ? bold : regular });
    write(money(cents), { alignRight: true, font: strong ? bold : regular });
    next();
  }
  next(8);
  for (const [index, yearbook] of (context.yearbooks ?? []).entries()) {
    ensure(14 * 4);
    next(8);
    if (index === 0) {
      write('Your digital yearbook', { font: bold });
      next();
    }
    write(`Access code: ${yearbook.code}${yearbook.revoked ? ' (refunded: it no longer opens the book)' : ''}`, {
      font: bold,
    });
    next();
    write(`Read it on your phone: ${yearbook.url}`, { size: 9 });
    next();
  }
  const paidBy = onlineOrderPayment.label(order.typePayment);
  write(`Paid by ${paidBy}${order.checkNumber ? ` (check ${order.checkNumber})` : ''}`);
  next();
  return pdf.save();
}

/** The school's name and the store's title of an order. */
async function receiptContextOf(db: Db, order: OnlineOrderRow): Promise<Omit<ReceiptContext, 'payments'>> {
  const [account] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, order.accountId));
  const [store] = await db
    .select({ title: storeStatuses.title })
    .from(storeStatuses)
    .where(eq(storeStatuses.id, order.storeId));
  return { schoolName: account?.name ?? '', storeTitle: store?.title ?? null };
}

/**
 * The receipt of an order as PDF bytes, read from the database (the route's and the e-mail's). With
 * `yearbooks`, the parent's copy: it prints the digital yearbooks' access codes.
 */
export async function receiptOf(
  db: Db,
  order: OnlineOrderRow,
  yearbooks?: { codeOf: YearbookCodeMaker; publicUrl: string },
): Promise<Uint8Array> {
  const [lines, payments, context, codes] = await Promise.all([
    onlineOrderLines(db, [order.id]),
    onlineOrderPayments(db, [order.id]),
    receiptContextOf(db, order),
    yearbooks ? yearbookCodesOfOrder(db, order.id, yearbooks.codeOf) : [],
  ]);
  return renderReceipt(order, lines, {
    ...context,
    payments,
    yearbooks: codes.map(({ code, revoked }) => ({
      code,
      revoked,
      url: mobileYearbookUrlOf(yearbooks?.publicUrl ?? '', code),
    })),
  });
}

export async function registerReceiptRoute(app: FastifyInstance) {
  implement(app, onlineOrderReceipt, async function onlineOrderReceiptPdf(request, reply) {
    const context = requestContext(app, request);
    const order = await visibleOnlineOrder(context.db, context.auth, request.params.id);
    const bytes = await receiptOf(context.db, order);
    // The order number is letters, digits and a dash: safe in the header as it is.
    const filename = `receipt-${order.orderNumber.replace(/[^\w-]/g, '')}.pdf`;
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(bytes));
  });
}
