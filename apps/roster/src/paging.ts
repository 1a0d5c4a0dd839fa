import type { ListEnvelope } from '@colophon/contract';

/** Which page of a list the caller asked for, as every roster list's query names it. */
export interface PageAsked {
  page: number;
  perPage: number;
}

/**
 * One page of a roster list with the count of the whole list, in the dashboard's list envelope
 * (`data`, `total`, `page`, `perPage`) so the web's one data table reads both: the page's rows are
 * read through `window` (its limit and offset) while the count runs alongside.
 */
export async function pageOf<Item>(
  { page, perPage }: PageAsked,
  read: (window: { limit: number; offset: number }) => PromiseLike<Item[]>,
  counted: PromiseLike<{ value: number }[]>,
): Promise<ListEnvelope<Item>> {
  const [data, [total]] = await Promise.all([read({ limit: perPage, offset: (page - 1) * perPage }), counted]);
  return { data, total: total?.value ?? 0, page, perPage };
}
