import { describe, expect, it } from 'vitest';
import { checkNames, type ProofTextPage, type RosterNameEntry } from './nameCheck';

let nextId = 0;
function student(given: string, family: string, extra: Partial<RosterNameEntry> = {}): RosterNameEntry {
  nextId += 1;
  return { individualId: `s${nextId}`, givenName: given, familyName: family, grade: '05', homeroom: '5A', ...extra };
}

/** One page, each string a text run on its own line, 10 units per character. */
function page(lines: readonly string[], pageNumber = 1): ProofTextPage {
  return {
    pageNumber,
    width: 612,
    height: 792,
    items: lines.map((str, line) => ({ str, x: 50, y: 700 - line * 20, width: str.length * 10, height: 12 })),
  };
}

const JOHN = student('John', 'Smith');
const JOSE = student('José', 'García');
const MARY_KATE = student('Mary-Kate', "O'Brien");
const ROBERT = student('Robert', 'Johnson');
const ELIZABETH = student('Elizabeth', 'Anderson', { preferredName: 'Betsy' });
const MICHAEL = student('Michael', 'Thompson', { middleName: 'Lee' });
const KATHERINE = student('Katherine', 'Williams');
const JANE = student('Jane', 'Doe');
const JAMES = student('James', 'Doe');
const ANN = student('Ann', 'Lee');
const ANNA = student('Anna', 'Vanderberg', { familyName: 'van der Berg' });
const CHRISTOPHER = student('Christopher', 'Martinez');
const ROSTER = [JOHN, JOSE, MARY_KATE, ROBERT, ELIZABETH, MICHAEL, KATHERINE, JANE, JAMES, ANN, ANNA, CHRISTOPHER];

function matchedIds(text: string): string[] {
  const printed = new Set(ROSTER.map((person) => person.individualId));
  for (const missing of checkNames([page([text])], ROSTER).missing) printed.delete(missing.individualId);
  return [...printed];
}

describe('checkNames: printed names that are the roster’s (never findings)', () => {
  it.each([
    ['John Smith', JOHN],
    ['JOHN SMITH', JOHN],
    ['john smith is not capitalised, so not a name — but Smith, John is', JOHN],
    ['Smith John', JOHN],
    ['Smith, John', JOHN],
    ['José García', JOSE],
    ['Jose Garcia', JOSE],
    ['JOSE GARCIA', JOSE],
    ["Mary-Kate O'Brien", MARY_KATE],
    ['Mary Kate OBrien', MARY_KATE],
    ['MaryKate O Brien', MARY_KATE],
    ['Mary-Kate O’Brien', MARY_KATE],
    ['Bob Johnson', ROBERT],
    ['Bobby Johnson', ROBERT],
    ['Johnson, Rob', ROBERT],
    ['Johnson, Bobby', ROBERT],
    ['Smith, J.', JOHN],
    ['Betsy Anderson', ELIZABETH],
    ['Liz Anderson', ELIZABETH],
    ['Mike Thompson', MICHAEL],
    ['Michael Lee Thompson', MICHAEL],
    ['Michael L. Thompson', MICHAEL],
    ['Kate Williams', KATHERINE],
    ['K. Williams', KATHERINE],
    ['Ann Lee', ANN],
    ['Anna van der Berg', ANNA],
    ['Chris Martinez', CHRISTOPHER],
  ])('%s', (text, person) => {
    const result = checkNames([page([text])], ROSTER);
    expect(result.findings).toEqual([]);
    expect(matchedIds(text)).toEqual([person.individualId]);
    expect(result.matched).toBe(1);
  });

  it('an initial that fits two people of one family matches neither ("J. Doe": Jane or James)', () => {
    const result = checkNames([page(['J. Doe'])], ROSTER);
    expect(result.findings).toEqual([]);
    expect(result.matched).toBe(0);
  });

  it('a middle name that is not the roster’s is not that person', () => {
    expect(matchedIds('Michael Ray Thompson')).toEqual([]);
  });
});

describe('checkNames: near misses are findings with the intended spelling', () => {
  it.each([
    ['Jhon Smith', 'John Smith', JOHN, 'misspelling'],
    ['John Smtih', 'John Smith', JOHN, 'misspelling'],
    ['John Smyth', 'John Smith', JOHN, 'misspelling'],
    ['Smtih, John', 'Smith, John', JOHN, 'swapped'],
    ['Robert Jonhson', 'Robert Johnson', ROBERT, 'misspelling'],
    ['Bob Jonsen', 'Bob Johnson', ROBERT, 'nickname'],
    ['Elizabth Anderson', 'Elizabeth Anderson', ELIZABETH, 'misspelling'],
    ['Betsey Anderson', 'Betsy Anderson', ELIZABETH, 'misspelling'],
    ['Katherine Wiliams', 'Katherine Williams', KATHERINE, 'misspelling'],
    ['Christopher Martnez', 'Christopher Martinez', CHRISTOPHER, 'misspelling'],
    ['Cristopher Martinez', 'Christopher Martinez', CHRISTOPHER, 'misspelling'],
    ['Jose Garcai', 'Jose García', JOSE, 'misspelling'],
  ])('%s → %s', (found, intended, person, reason) => {
    const result = checkNames([page([found], 7)], ROSTER);
    expect(result.findings).toHaveLength(1);
    expect(result.findings[0]).toMatchObject({
      pageNumber: 7,
      found,
      intended,
      individualId: person.individualId,
      reason,
      alternatives: [],
    });
    // Printed, though misspelt: not listed as missing.
    expect(result.missing.map((missing) => missing.individualId)).not.toContain(person.individualId);
    expect(result.matched).toBe(0);
  });

  it.each([
    ['Jon Smith', 'an edit within a 4-letter name is allowed, but Jon is a nickname of John: a match'],
    ['Ane Lee', 'three-letter names are never near misses'],
    ['Anne Lee', 'Ann has three letters: no edit allowed'],
    ['Jhon Smtih', 'a near miss on both parts'],
    ['Smtih', 'a single word'],
    ['jhon smith', 'not capitalised'],
    ['Class Smith', 'a common word next to a family name'],
    ['John Park', 'a common word (Park) is never a misspelt family name'],
    ['Jonathan Smithers', 'beyond two edits'],
    ['Jhon. Smith', 'a sentence ends between the words'],
  ])('%s is no finding: %s', (text) => {
    expect(checkNames([page([text])], ROSTER).findings).toEqual([]);
  });

  it('a near miss as close to two people names one and lists the other, and neither counts as printed', () => {
    const roster = [student('Mary', 'Lind'), student('Mark', 'Lind'), student('Mike', 'Lind')];
    const result = checkNames([page(['Marx Lind'])], roster);
    expect(result.findings).toHaveLength(1);
    const [finding] = result.findings;
    expect(finding?.intended).toBe('Mark Lind');
    expect(finding?.alternatives.map((alternative) => alternative.intended)).toEqual(['Mary Lind']);
    expect(result.missing).toHaveLength(3);
  });

  it('ordinary sentences and headings around the names are no findings', () => {
    const roster = [student('Dean', 'Smith'), student('Grace', 'Hill'), student('Will', 'Summers')];
    const text = [
      'Dear Smith family, thank you!',
      'Grace Hall was full for the Spring Concert.',
      'Will Summer ever end?',
    ];
    expect(checkNames([page(text)], roster).findings).toEqual([]);
  });

  it('an exact name is never a finding, even next to a near miss of another', () => {
    const roster = [student('Mark', 'Hill'), student('Mark', 'Hall')];
    const result = checkNames([page(['Mark Hall'])], roster);
    expect(result.findings).toEqual([]);
    expect(result.missing.map((missing) => missing.name)).toEqual(['Mark Hill']);
  });

  it('a near miss does not take the words of a name printed right beside it', () => {
    const roster = [student('Anna', 'Jong'), student('Jon', 'Smith')];
    const result = checkNames([page(['Anna Jon Smith'])], roster);
    expect(result.findings).toEqual([]);
    expect(result.missing.map((missing) => missing.name)).toEqual(['Anna Jong']);
  });

  it('pins the finding where the name is printed, across the words of a run and across lines', () => {
    const result = checkNames([page(['Class photo: Jhon Smith, front row'])], ROSTER);
    // "Jhon Smith" starts at character 13 of a run 10 units a character wide from x = 50.
    expect(result.findings[0]?.box).toEqual({ x: 180, y: 700, width: 100, height: 12 });

    const twoLines = checkNames([page(['Jhon', 'Smith'])], ROSTER);
    expect(twoLines.findings[0]?.box).toEqual({ x: 50, y: 680, width: 50, height: 32 });
  });
});

describe('checkNames: which runs of text a name may span', () => {
  const run = (str: string, x: number, y: number) => ({ str, x, y, width: str.length * 10, height: 12 });
  const withItems = (items: ReturnType<typeof run>[]): ProofTextPage => ({
    pageNumber: 1,
    width: 612,
    height: 792,
    items,
  });

  it.each([
    ['the next word on the line, a space away', [run('Jane', 50, 700), run('Doe', 95, 700)], 1],
    ['the line below, left-aligned (a caption in two lines)', [run('Jane', 50, 700), run('Doe', 50, 686)], 1],
    ['the line below, centred', [run('Jane', 50, 700), run('Doe', 55, 686)], 1],
    ['the caption under the next portrait', [run('Amy Jane', 50, 700), run('Doe Bo', 200, 700)], 0],
    ['a run far below', [run('Jane', 50, 700), run('Doe', 50, 600)], 0],
    ['a run below in another column', [run('Jane', 50, 700), run('Doe', 300, 686)], 0],
  ])('%s → %i', (_, items, matched) => {
    expect(checkNames([withItems(items)], [JANE]).matched).toBe(matched);
  });
});

describe('checkNames: the students printed on no page', () => {
  it('lists them by grade, homeroom and family name, and counts the ones printed', () => {
    const roster = [
      student('Zoe', 'Adams', { grade: '10', homeroom: '10B' }),
      student('Yan', 'Baker', { grade: '09', homeroom: '9A' }),
      student('Xia', 'Cole', { grade: 'KG', homeroom: 'K1' }),
      student('Wes', 'Avery', { grade: '10', homeroom: '10A' }),
      student('Val', 'Aaron', { grade: '10', homeroom: '10B' }),
      student('Uma', 'Dunn', { grade: '2', homeroom: '2C' }),
    ];
    const result = checkNames([page(['Uma Dunn', 'and'], 1), page(['Baker, Yan'], 2)], roster);
    expect(result.matched).toBe(2);
    expect(result.missing).toEqual([
      { individualId: roster[2]?.individualId, name: 'Xia Cole', grade: 'KG', homeroom: 'K1' },
      { individualId: roster[3]?.individualId, name: 'Wes Avery', grade: '10', homeroom: '10A' },
      { individualId: roster[4]?.individualId, name: 'Val Aaron', grade: '10', homeroom: '10B' },
      { individualId: roster[0]?.individualId, name: 'Zoe Adams', grade: '10', homeroom: '10B' },
    ]);
  });

  it('two students with one name are both printed when the name is', () => {
    const roster = [student('Sam', 'Ortiz'), student('Sam', 'Ortiz')];
    expect(checkNames([page(['Sam Ortiz'])], roster)).toMatchObject({ missing: [], matched: 2 });
  });
});
