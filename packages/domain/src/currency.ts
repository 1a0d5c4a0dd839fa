/**
 * Money is integer cents everywhere (part 5's currency rules). Input shows two decimals and grouped
 * thousands without a symbol; display adds the dollar sign and always shows two decimals.
 */
const groupedInteger = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0, useGrouping: true });

function splitCents(cents: number): { negative: boolean; text: string } {
  const rounded = Math.round(cents);
  const magnitude = Math.abs(rounded);
  const whole = Math.trunc(magnitude / 100);
  const fraction = String(magnitude % 100).padStart(2, '0');
  return { negative: rounded < 0, text: `${groupedInteger.format(whole)}.${fraction}` };
}

function isAmount(cents: number | null | undefined): cents is number {
  return typeof cents === 'number' && Number.isFinite(cents);
}

/** Cents as a currency input shows them: '1,234.50' (no symbol); '' when there is no amount. */
export function formatCurrencyInput(cents: number | null | undefined): string {
  if (!isAmount(cents)) return '';
  const { negative, text } = splitCents(cents);
  return negative ? `-${text}` : text;
}

/** Cents as currency: '$1,234.50', '-$5.00'; '' when there is no amount. */
export function formatCurrency(cents: number | null | undefined): string {
  if (!isAmount(cents)) return '';
  const { negative, text } = splitCents(cents);
  return negative ? `-$${text}` : `$${text}`;
}

/** Digits with optional correct thousands grouping, then at most two decimals. */
const CURRENCY_INPUT = /^(-)?(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d{0,2}))?$/;

/**
 * What a currency input holds, as integer cents: '1,234.5' → 123450. Null when the text is empty,
 * is not a plain amount (a symbol, letters, misplaced commas) or has more than two decimals.
 */
export function parseCurrencyInput(text: string | null | undefined): number | null {
  const trimmed = text?.trim() ?? '';
  const match = CURRENCY_INPUT.exec(trimmed);
  if (!match) return null;
  const [, sign, whole, fraction] = match;
  if (whole === undefined && !fraction) return null;
  const cents = Number((whole ?? '0').replaceAll(',', '')) * 100 + Number((fraction ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return sign && cents !== 0 ? -cents : cents;
}
