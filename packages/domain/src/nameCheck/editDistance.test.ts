import { describe, expect, it } from 'vitest';
import { allowedEdits, deletionForms, editDistance, NearMissIndex } from './editDistance';
import { foldName } from './fold';
import { NICKNAMES, sameGivenName } from './nicknames';

describe('foldName', () => {
  it.each([
    ['José', 'jose'],
    ['JOSÉ', 'jose'],
    ['Zoë', 'zoe'],
    ['Mary-Kate', 'marykate'],
    ['Mary Kate', 'marykate'],
    ["O'Brien", 'obrien'],
    ['O’Brien', 'obrien'],
    ['OBrien', 'obrien'],
    ['Strauß', 'strauss'],
    ['Søren', 'soren'],
    ['Łukasz', 'lukasz'],
    ['Nguyễn', 'nguyen'],
    ['', ''],
  ])('%s → %s', (name, folded) => {
    expect(foldName(name)).toBe(folded);
  });
});

describe('editDistance (Damerau–Levenshtein, optimal string alignment)', () => {
  it.each([
    ['smith', 'smith', 0],
    ['smith', 'smyth', 1],
    ['smith', 'smtih', 1],
    ['smith', 'smit', 1],
    ['smith', 'smiths', 1],
    ['johnson', 'jonhson', 1],
    ['johnson', 'jonsen', 2],
    ['katherine', 'kathryn', 3],
    ['ca', 'abc', 3],
    ['', 'abc', 3],
  ])('%s ↔ %s = %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });

  it('stops early past the limit and says limit + 1', () => {
    expect(editDistance('alexander', 'bartholomew', 2)).toBe(3);
  });
});

describe('allowedEdits by the roster name’s length', () => {
  it.each([
    [2, 0],
    [3, 0],
    [4, 1],
    [6, 1],
    [7, 2],
    [12, 2],
  ])('%i letters → %i', (length, edits) => {
    expect(allowedEdits(length)).toBe(edits);
  });
});

describe('NearMissIndex', () => {
  const index = new NearMissIndex(['smith', 'smyth', 'johnson', 'lee', 'anderson', 'andersen']);

  it.each([
    ['smtih', ['smith']],
    ['smith', ['smyth']],
    ['jonhson', ['johnson']],
    ['jonsen', ['johnson']],
    ['lea', []],
    ['andersn', ['andersen', 'anderson']],
    ['zzzz', []],
  ])('%s is near %j', (word, names) => {
    expect(index.near(word).map((near) => near.name)).toEqual(names);
  });

  it('finds the same names as comparing with every name', () => {
    const names = ['martinez', 'martin', 'martins', 'garcia', 'garza', 'lopez', 'lopes', 'baker', 'barker', 'parker'];
    const all = new NearMissIndex(names);
    for (const word of ['martinz', 'marten', 'garsia', 'lopezz', 'bakre', 'parkers', 'arker']) {
      const brute = names
        .filter((name) => name !== word && editDistance(word, name) <= allowedEdits(name.length))
        .sort();
      expect(
        all
          .near(word)
          .map((near) => near.name)
          .sort(),
      ).toEqual(brute);
    }
  });

  it('deletion forms include the word and every shorter form', () => {
    expect([...deletionForms('abc', 1)].sort()).toEqual(['ab', 'abc', 'ac', 'bc']);
  });
});

describe('nicknames', () => {
  it('has about a hundred formal names, all folded', () => {
    expect(NICKNAMES.length).toBeGreaterThanOrEqual(95);
    for (const row of NICKNAMES) for (const name of row) expect(foldName(name)).toBe(name);
  });

  it.each([
    ['bob', 'robert', true],
    ['robert', 'bob', true],
    ['bobby', 'bob', true],
    ['liz', 'elizabeth', true],
    ['mike', 'michael', true],
    ['kate', 'katherine', true],
    ['kate', 'catherine', true],
    ['chris', 'christina', true],
    ['christopher', 'christina', false],
    ['bob', 'william', false],
    ['ann', 'ann', true],
  ])('%s for %s → %s', (printed, roster, same) => {
    expect(sameGivenName(printed, roster)).toBe(same);
  });
});
