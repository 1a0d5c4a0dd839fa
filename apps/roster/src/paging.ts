/** Which page of a list the caller asked for, as every roster list's query names it. */
export interface PageAsked {
  page: number;
  pageSize: number;
}

/**
 * One page of a roster list with the count of the whole list, the shape every list answers: the
 * page's rows are read through `window` (its limit and offset) while the count runs alongside.
 */
export async function pageOf<Item>(
  { page, pageSize }: PageAsked,
  read: (window: { limit: number; offset: number }) => PromiseLike<Item[]>,
  counted: PromiseLike<{ value: number }[]>,
): Promise<{ items: Item[]; total: number; page: number; pageSize: number }> {
  const [items, [total]] = await Promise.all([read({ limit: pageSize, offset: (page - 1) * pageSize }), counted]);
  return { items, total: total?.value ?? 0, page, pageSize };
}
