import { formatCurrency } from '@colophon/domain';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { type AccountingInvoice, type AccountingRefund, statusFromAmounts } from './accounting-adapter';
import { bookedLines } from './invoice-source';

/** The standard fonts draw WinAnsi only: anything else shows as '?', never a failed render. */
const printable = (text: string) => text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');

/**
 * The embedded adapter's invoice, as PDF bytes: the customer, the lines, the totals and each refund's
 * numbered credit entry.
 */
export async function renderInvoicePdf(
  invoice: AccountingInvoice,
  docNumber: string,
  creditNumber: (refund: AccountingRefund) => string,
): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Invoice ${docNumber}`);
  pdf.setCreator('Colophon');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const margin = 54;
  const right = 612 - margin;
  let page: PDFPage = pdf.addPage([612, 792]);
  let y = 792 - margin;
  const write = (text: string, options: { size?: number; font?: PDFFont; x?: number; alignRight?: boolean } = {}) => {
    const size = options.size ?? 10;
    const font = options.font ?? regular;
    const safe = printable(text);
    const x = options.alignRight ? right - font.widthOfTextAtSize(safe, size) : (options.x ?? margin);
    page.drawText(safe, { x, y, size, font, color: rgb(0.1, 0.1, 0.1) });
  };
  const next = (height = 14) => {
    y -= height;
    if (y < margin + 14) {
      page = pdf.addPage([612, 792]);
      y = 792 - margin;
    }
  };

  write('Colophon', { size: 16, font: bold });
  write(`Invoice ${docNumber}`, { size: 14, font: bold, alignRight: true });
  next(22);
  write(`${invoice.customer.name} (${invoice.customer.code})`, { size: 11 });
  write(`Issued ${invoice.issuedOn}`, { alignRight: true });
  next();
  if (invoice.number) write(`Our reference ${invoice.number}`);
  if (invoice.dueOn) write(`Due ${invoice.dueOn}`, { alignRight: true });
  next(24);

  write('Description', { font: bold });
  write('Qty', { font: bold, x: 360 });
  write('Unit', { font: bold, x: 410 });
  write('Amount', { font: bold, alignRight: true });
  next(16);
  for (const line of bookedLines(invoice)) {
    write(line.label.slice(0, 60));
    write(String(line.quantity), { x: 360 });
    write(formatCurrency(line.unitCents), { x: 410 });
    write(formatCurrency(line.amountCents), { alignRight: true });
    next();
  }
  next(8);
  const total = (label: string, cents: number, font: PDFFont = regular) => {
    write(label, { x: 360, font });
    write(formatCurrency(cents), { alignRight: true, font });
    next();
  };
  total('Subtotal', invoice.subtotalCents);
  if (invoice.adjustmentsCents !== 0) total('Adjustments', invoice.adjustmentsCents);
  if (invoice.taxCents !== 0) total('Tax', invoice.taxCents);
  total('Total', invoice.totalCents, bold);
  if (invoice.paidCents !== 0) total('Paid', -invoice.paidCents);
  if (invoice.refundedCents !== 0) total('Refunded', invoice.refundedCents);
  total('Balance due', invoice.balanceCents, bold);
  if (invoice.refunds.length) {
    next(10);
    write('Credits', { font: bold });
    next(16);
    for (const refund of invoice.refunds) {
      write(`Credit ${creditNumber(refund)}, refund of ${refund.refundedOn}`);
      write(formatCurrency(-refund.amountCents), { alignRight: true });
      next();
    }
  }
  next(10);
  write(statusFromAmounts(invoice), { font: bold });
  return Buffer.from(await pdf.save());
}
