import { createDb, type DbHandle } from '@colophon/db';
import { asc, sql } from 'drizzle-orm';
import { PgDialect, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likePattern, prefixSearch, textSearch } from './search';

const words = pgTable('search_words', {
  id: serial('id').primaryKey(),
  word: text('word').notNull(),
  note: text('note'),
});

describe('likePattern', () => {
  it.each([
    ['plain text', 'lincoln', '%lincoln%'],
    ['a percent sign', '100%', '%100\\%%'],
    ['an underscore', 'a_b', '%a\\_b%'],
    ['a backslash', 'a\\b', '%a\\\\b%'],
    ['all three', '\\%_', '%\\\\\\%\\_%'],
  ])('escapes %s', (_name, search, expected) => {
    expect(likePattern(search)).toBe(expected);
  });

  it('anchors a prefix at the start only', () => {
    expect(likePattern('auth_', 'prefix')).toBe('auth\\_%');
  });
});

describe('textSearch', () => {
  const dialect = new PgDialect();

  it.each([undefined, ''])('is no condition for the search %j', (search) => {
    expect(textSearch(search, words.word)).toBeUndefined();
    expect(prefixSearch(search, words.word)).toBeUndefined();
  });

  it('ORs the columns, each with the escaped pattern as a parameter', () => {
    const query = dialect.sqlToQuery(textSearch('5%', words.word, sql`${words.note}::text`)!);
    expect(query.sql).toBe('("search_words"."word" ilike $1 or "search_words"."note"::text ilike $2)');
    expect(query.params).toEqual(['%5\\%%', '%5\\%%']);
  });
});

describe('textSearch on the database', () => {
  let handle: DbHandle;
  const stored = ['100%', '100 percent', 'a_b', 'axb', 'a\\b', 'plain', 'ABC'];

  beforeAll(async () => {
    handle = createDb();
    await handle.db.execute(sql`create table search_words (id serial primary key, word text not null, note text)`);
    await handle.db.insert(words).values(stored.map((word) => ({ word })));
  });
  afterAll(async () => handle.close());

  const found = async (condition: ReturnType<typeof textSearch>) =>
    (await handle.db.select({ word: words.word }).from(words).where(condition).orderBy(asc(words.id))).map(
      (row) => row.word,
    );

  it.each([
    ['%', ['100%']],
    ['_', ['a_b']],
    ['\\', ['a\\b']],
    ['a_b', ['a_b']],
    ['0%', ['100%']],
    ['abc', ['ABC']],
    ['100', ['100%', '100 percent']],
  ])('finds %j literally, case-insensitively', async (search, expected) => {
    expect(await found(textSearch(search, words.word))).toEqual(expected);
  });

  it('matches a prefix literally', async () => {
    expect(await found(prefixSearch('a_', words.word))).toEqual(['a_b']);
    expect(await found(prefixSearch('b', words.word))).toEqual([]);
  });
});
