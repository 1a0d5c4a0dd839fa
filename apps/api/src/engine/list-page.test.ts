import { createDb, type DbHandle } from '@colophon/db';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listPage, totalOfPage } from './list-page';

const shelves = pgTable('list_shelves', { id: serial('id').primaryKey(), label: text('label').notNull() });
const books = pgTable('list_books', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  rank: integer('rank').notNull(),
  shelfId: integer('shelf_id').notNull(),
});

describe('totalOfPage', () => {
  it.each([
    ['a page with rows', [{ total: 7 }], 1, 7, false],
    ['a later page with rows', [{ total: '12' }], 3, 12, false],
    ['an empty first page', [], 1, 0, false],
    ['an empty page past the end', [], 4, 9, true],
  ])('takes the total of %s', async (_name, rows, page, expected, counted) => {
    const countAlone = vi.fn(async () => 9);
    expect(await totalOfPage(rows, page, countAlone)).toBe(expected);
    expect(countAlone).toHaveBeenCalledTimes(counted ? 1 : 0);
  });
});

describe('listPage', () => {
  let handle: DbHandle;
  // Ranks with ties: the id must keep their order from page to page.
  const ranks = [3, 1, 2, 1, 3, 1, 2];

  beforeAll(async () => {
    handle = createDb();
    await handle.db.execute(sql`create table list_shelves (id serial primary key, label text not null)`);
    await handle.db.execute(
      sql`create table list_books (id serial primary key, title text not null, rank integer not null, shelf_id integer not null)`,
    );
    await handle.db.insert(shelves).values([{ label: 'A' }, { label: 'B' }]);
    await handle.db
      .insert(books)
      .values(ranks.map((rank, index) => ({ title: `Book ${index + 1}`, rank, shelfId: (index % 2) + 1 })));
  });
  afterAll(async () => handle.close());

  const page = (
    number: number,
    perPage = 3,
    options: { idOrder?: 'asc' | 'desc'; where?: ReturnType<typeof eq> } = {},
  ) =>
    listPage(handle.db, { from: books, orderBy: [asc(books.rank)], id: books.id, page: number, perPage, ...options });

  it('reads the page and the total, ties broken by id, and nothing else in the rows', async () => {
    const first = await page(1);
    expect(first.total).toBe(7);
    expect(first.items.map((book) => book.id)).toEqual([2, 4, 6]);
    expect(Object.keys(first.items[0]!).sort()).toEqual(['id', 'rank', 'shelfId', 'title']);
    const second = await page(2);
    expect(second.items.map((book) => book.id)).toEqual([3, 7, 1]);
    const last = await page(3);
    expect(last).toEqual({ items: [expect.objectContaining({ id: 5 })], total: 7 });
  });

  it('breaks ties newest first when asked', async () => {
    expect((await page(1, 3, { idOrder: 'desc' })).items.map((book) => book.id)).toEqual([6, 4, 2]);
  });

  it('keeps the total right past the last page, and on an empty list', async () => {
    expect(await page(4)).toEqual({ items: [], total: 7 });
    expect(await page(50, 100)).toEqual({ items: [], total: 7 });
    expect(await page(1, 3, { where: eq(books.rank, 99) })).toEqual({ items: [], total: 0 });
    expect(await page(2, 3, { where: eq(books.rank, 99) })).toEqual({ items: [], total: 0 });
  });

  it('pages chosen fields over joins, the count past the end through the same joins', async () => {
    const query = (number: number) =>
      listPage(handle.db, {
        fields: { id: books.id, title: books.title, shelf: shelves.label },
        from: books,
        joins: (select) => select.innerJoin(shelves, eq(shelves.id, books.shelfId)),
        where: eq(shelves.label, 'A'),
        orderBy: [desc(books.title)],
        id: books.id,
        page: number,
        perPage: 2,
      });
    expect(await query(1)).toEqual({
      items: [
        { id: 7, title: 'Book 7', shelf: 'A' },
        { id: 5, title: 'Book 5', shelf: 'A' },
      ],
      total: 4,
    });
    expect(await query(3)).toEqual({ items: [], total: 4 });
  });
});
