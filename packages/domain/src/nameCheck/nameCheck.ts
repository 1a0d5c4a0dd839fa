/**
 * The name check of a proof against its school's roster (issue 16, "Beyond"): every name printed in
 * the book is matched against the roster; a near miss of a roster name is a finding pinned where it
 * is printed, with the likely intended spelling, and every student printed on no page is listed.
 *
 * What counts as a printed name: two neighbouring capitalised words (each part may be one to three
 * words, "Mary Kate", "O Brien", "van der Berg"), in roster order ("John Smith", optionally with a
 * middle name or initial between) or swapped ("Smith John", "Smith, John").
 * - A match: both parts equal a roster person's (case, accents, hyphens, apostrophes and spaces
 *   folded), the given part possibly a nickname or the preferred name, or an initial that fits one
 *   person only of that family ("J. Smith").
 * - A finding: no exact match, one part equal to a roster person's and the other a near miss of that
 *   same person's (Damerau–Levenshtein, `allowedEdits` by the roster name's length). A near miss on
 *   both parts, a near miss that is a common English word, and a single word are never findings: a
 *   finding must be worth a proofreader's look.
 */
import { allowedEdits, editDistance, NearMissIndex } from './editDistance';
import { foldName } from './fold';
import { nicknameForms, sameGivenName } from './nicknames';

/** One run of text on a page, as pdf.js `getTextContent` gives it (x and y from its `transform`). */
export interface ProofTextItem {
  readonly str: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface ProofTextPage {
  readonly pageNumber: number;
  readonly width: number;
  readonly height: number;
  readonly items: readonly ProofTextItem[];
}

export interface RosterNameEntry {
  readonly individualId: string;
  readonly givenName: string;
  readonly familyName: string;
  readonly preferredName?: string | null;
  readonly middleName?: string | null;
  readonly grade: string;
  readonly homeroom: string;
}

/** Where a name is printed, in the page's own units (those of its text items). */
export interface NameBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Why a printed name is taken for a roster name it does not spell. */
export const NAME_FINDING_REASONS = [
  /** Printed in roster order, one part misspelt. */
  'misspelling',
  /** Printed family name first ("Smtih, John"), one part misspelt. */
  'swapped',
  /** The family name misspelt after a nickname of the roster's given name ("Bob Smtih"). */
  'nickname',
] as const;
export type NameFindingReason = (typeof NAME_FINDING_REASONS)[number];

export interface NameFinding {
  readonly pageNumber: number;
  readonly box: NameBox;
  /** The name as printed. */
  readonly found: string;
  /** The printed name with the misspelt part in the roster's spelling, in the printed order. */
  readonly intended: string;
  readonly individualId: string;
  readonly reason: NameFindingReason;
  /** Other roster people the printed name is exactly as close to (then none of them counts as printed). */
  readonly alternatives: readonly { readonly individualId: string; readonly intended: string }[];
}

export interface MissingStudent {
  readonly individualId: string;
  readonly name: string;
  readonly grade: string;
  readonly homeroom: string;
}

export interface NameCheckResult {
  readonly findings: readonly NameFinding[];
  /** Roster people printed on no page, by grade, homeroom and family name. */
  readonly missing: readonly MissingStudent[];
  /** Roster people printed (exactly, by nickname, initial or swapped) on at least one page. */
  readonly matched: number;
}

/**
 * Words that are never taken for a misspelt name, though they sit next to a name in captions,
 * headings and sentences. They still match a roster name spelt the same way exactly.
 */
const NOT_NAMES = new Set(
  `the and for with from this that these those their there where when what which while about after
  before again class grade grades student students teacher teachers staff homeroom page pages chapter
  school schools year years yearbook senior seniors junior juniors freshman freshmen sophomore
  sophomores team teams club clubs sports band choir drama science history math english music
  index contents welcome spring summer fall winter january february march april june july august
  september october november december monday tuesday wednesday thursday friday saturday sunday first
  second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth kindergarten principal
  office library cafeteria field park hall street room center centre night high middle elementary
  your they memories friends friend photo photos picture pictures pictured best most likely award
  awards honor honors varsity coach coaches captain members member president vice secretary treasurer
  council camera left right front back top bottom row rows city state county north south east west
  dear love thanks thank congratulations miss mister madam sister brother mother father family`
    .split(/\s+/)
    .filter(Boolean),
);

/** Small words inside a family name ("van der Berg", "de la Cruz"), printed in lower case. */
const PARTICLES = new Set([
  'van',
  'der',
  'den',
  'von',
  'de',
  'del',
  'della',
  'la',
  'le',
  'du',
  'di',
  'da',
  'dos',
  'das',
  'ter',
  'ten',
  'bin',
  'ibn',
  'al',
  'el',
  'st',
]);

const MAX_PART_WORDS = 3;

interface Person {
  readonly entry: RosterNameEntry;
  readonly given: string;
  readonly preferred: string;
  readonly middle: string;
  readonly family: string;
}

interface Token {
  /** The word as printed, without the punctuation around it. */
  readonly word: string;
  readonly key: string;
  readonly capitalized: boolean;
  readonly particle: boolean;
  readonly comma: boolean;
  /** A sentence, or a run of text set apart from the next, ends after this word: no name runs across it. */
  stop: boolean;
  readonly box: NameBox;
}

interface Part {
  readonly start: number;
  readonly end: number;
  readonly key: string;
  readonly printed: string;
}

/** A printed name taken apart: which words are the given and family names, and in which order. */
interface Reading {
  readonly given: Part;
  readonly family: Part;
  readonly middle: Token | null;
  readonly swapped: boolean;
  readonly start: number;
  readonly end: number;
}

interface NearCandidate {
  readonly person: Person;
  readonly distance: number;
  readonly intended: string;
  readonly reason: NameFindingReason;
}

class RosterIndex {
  readonly people: readonly Person[];
  private readonly byFamily = new Map<string, Person[]>();
  private readonly givenForms = new Set<string>();
  readonly familyNear: NearMissIndex;

  constructor(roster: readonly RosterNameEntry[]) {
    this.people = roster.map((entry) => ({
      entry,
      given: foldName(entry.givenName),
      preferred: foldName(entry.preferredName ?? ''),
      middle: foldName(entry.middleName ?? ''),
      family: foldName(entry.familyName),
    }));
    for (const person of this.people) {
      if (person.family === '' || person.given === '') continue;
      const bucket = this.byFamily.get(person.family);
      if (bucket) bucket.push(person);
      else this.byFamily.set(person.family, [person]);
      for (const given of [person.given, person.preferred]) {
        if (given !== '') for (const form of nicknameForms(given)) this.givenForms.add(form);
      }
    }
    this.familyNear = new NearMissIndex(this.byFamily.keys());
  }

  family(key: string): readonly Person[] {
    return this.byFamily.get(key) ?? [];
  }

  /** Whether some roster person may be printed under this given name (nicknames included). */
  isGivenName(key: string): boolean {
    return this.givenForms.has(key);
  }
}

function givenMatches(printed: string, person: Person): boolean {
  return sameGivenName(printed, person.given) || (person.preferred !== '' && sameGivenName(printed, person.preferred));
}

function middleFits(middle: Token | null, person: Person): boolean {
  if (!middle) return true;
  if (middle.key.length === 1) return person.middle === '' || person.middle.startsWith(middle.key);
  return middle.key === person.middle;
}

const LEADING_PUNCTUATION = /^[^\p{L}\p{N}]+/u;
const TRAILING_PUNCTUATION = /[^\p{L}\p{N}]+$/u;
const CAPITAL = /^\p{Lu}/u;
const WORD = /\S+/gu;

/**
 * Whether the next run of text continues the previous one as a name may: on the same line a word
 * space away, or on the line below and aligned (a caption with the family name under the given
 * name). Captions side by side under neighbouring portraits are set apart.
 */
function continues(previous: ProofTextItem, next: ProofTextItem): boolean {
  const size = Math.max(previous.height, next.height, 1);
  const rise = Math.abs(next.y - previous.y);
  if (rise < size / 2) {
    const gap = next.x - (previous.x + previous.width);
    return gap > -size && gap <= size;
  }
  if (rise > size * 2.5) return false;
  const leftAligned = Math.abs(next.x - previous.x) <= size;
  const centred = Math.abs(next.x + next.width / 2 - (previous.x + previous.width / 2)) <= size;
  return leftAligned || centred;
}

/** The words of a page in reading order, each with an estimated box inside its text run. */
function tokenize(page: ProofTextPage): Token[] {
  const tokens: Token[] = [];
  let previous: ProofTextItem | null = null;
  for (const item of page.items) {
    const length = item.str.length;
    if (length === 0 || item.str.trim() === '') continue;
    const last = tokens.at(-1);
    if (last && previous && !continues(previous, item)) last.stop = true;
    previous = item;
    for (const match of item.str.matchAll(WORD)) {
      const raw = match[0];
      const leading = LEADING_PUNCTUATION.exec(raw)?.[0].length ?? 0;
      const trailingText = TRAILING_PUNCTUATION.exec(raw)?.[0] ?? '';
      const word = raw.slice(leading, raw.length - trailingText.length);
      const key = /\p{N}/u.test(word) ? '' : foldName(word);
      const initial = key.length === 1;
      const start = (match.index ?? 0) + leading;
      tokens.push({
        word,
        key,
        capitalized: CAPITAL.test(word),
        particle: PARTICLES.has(word),
        comma: trailingText.startsWith(','),
        // "J." ends an initial, not a sentence.
        stop: key === '' || /[.!?;:)\]]/.test(trailingText) ? !(initial && trailingText === '.') : false,
        box: {
          x: item.x + (item.width * start) / length,
          y: item.y,
          width: (item.width * word.length) / length,
          height: item.height,
        },
      });
    }
  }
  return tokens;
}

/** The part made of tokens [start, end), if those words can form one part of a name. */
function part(tokens: readonly Token[], start: number, end: number): Part | null {
  if (end > tokens.length) return null;
  let key = '';
  const words: string[] = [];
  for (let index = start; index < end; index += 1) {
    const token = tokens[index];
    if (!token || token.key === '') return null;
    const last = index === end - 1;
    if (!last && (token.comma || token.stop)) return null;
    // A part starts and ends on a capitalised word; particles may sit inside ("van der Berg"
    // starts lower case in many books, so a leading particle is allowed when more words follow).
    if (!token.capitalized && !(token.particle && !last)) return null;
    key += token.key;
    words.push(token.word);
  }
  return { start, end, key, printed: words.join(' ') };
}

/** Every way the words from `start` may be read as a name, longest first. */
function readings(tokens: readonly Token[], start: number, consumed: Uint8Array): Reading[] {
  const found: Reading[] = [];
  for (let firstLength = 1; firstLength <= MAX_PART_WORDS; firstLength += 1) {
    const first = part(tokens, start, start + firstLength);
    // Not "break": "van" alone is no part, "van der Berg" is.
    if (!first) continue;
    const firstLast = tokens[first.end - 1];
    if (!firstLast || firstLast.stop) break;
    for (let middleLength = 0; middleLength <= 1; middleLength += 1) {
      let middle: Token | null = null;
      if (middleLength === 1) {
        // A middle name or initial sits only between a given and a family name in roster order.
        if (firstLast.comma) continue;
        const candidate = tokens[first.end];
        if (!candidate || candidate.key === '' || !candidate.capitalized || candidate.comma) continue;
        if (candidate.stop && candidate.key.length !== 1) continue;
        middle = candidate;
      }
      for (let secondLength = 1; secondLength <= MAX_PART_WORDS; secondLength += 1) {
        const secondStart = first.end + middleLength;
        const second = part(tokens, secondStart, secondStart + secondLength);
        if (!second) continue;
        let free = true;
        for (let index = start; index < second.end; index += 1) if (consumed[index]) free = false;
        if (!free) continue;
        if (!firstLast.comma) {
          found.push({ given: first, family: second, middle, swapped: false, start, end: second.end });
        }
        if (!middle) found.push({ given: second, family: first, middle: null, swapped: true, start, end: second.end });
      }
    }
  }
  // Longest first; roster order before swapped at equal length.
  return found.sort((left, right) => right.end - left.end || Number(left.swapped) - Number(right.swapped));
}

/** The people a reading names exactly (nicknames, preferred names and unambiguous initials included). */
function exactPeople(index: RosterIndex, reading: Reading): readonly Person[] {
  const family = index.family(reading.family.key);
  if (family.length === 0) return [];
  const given = reading.given.key;
  if (given.length === 1) {
    const fitting = family.filter(
      (person) =>
        (person.given.startsWith(given) || person.preferred.startsWith(given)) && middleFits(reading.middle, person),
    );
    // "J. Smith" is John Smith only when no other Smith's given name starts with J.
    const distinct = new Set(fitting.map((person) => person.given));
    return distinct.size === 1 ? fitting : [];
  }
  return family.filter((person) => givenMatches(given, person) && middleFits(reading.middle, person));
}

function spell(reading: Reading, given: string, family: string, tokens: readonly Token[]): string {
  if (reading.swapped) {
    const comma = tokens[reading.family.end - 1]?.comma ? ',' : '';
    return `${family}${comma} ${given}`;
  }
  return reading.middle ? `${given} ${reading.middle.word} ${family}` : `${given} ${family}`;
}

function nearPeople(index: RosterIndex, reading: Reading, tokens: readonly Token[]): NearCandidate[] {
  const candidates: NearCandidate[] = [];
  const given = reading.given.key;
  const family = reading.family.key;
  const swappedOr = (reason: NameFindingReason): NameFindingReason => (reading.swapped ? 'swapped' : reason);

  // The family name exact, the given name a near miss of that person's given or preferred name.
  if (given.length > 3 && !NOT_NAMES.has(given)) {
    for (const person of index.family(family)) {
      if (!middleFits(reading.middle, person)) continue;
      for (const [rosterKey, rosterSpelling] of [
        [person.given, person.entry.givenName],
        [person.preferred, person.entry.preferredName ?? ''],
      ] as const) {
        if (rosterKey === '') continue;
        const limit = allowedEdits(rosterKey.length);
        const distance = editDistance(given, rosterKey, limit);
        if (distance > 0 && distance <= limit) {
          candidates.push({
            person,
            distance,
            intended: spell(reading, rosterSpelling, reading.family.printed, tokens),
            reason: swappedOr('misspelling'),
          });
        }
      }
    }
  }

  // The given name exact (or a nickname), the family name a near miss of that person's.
  if (family.length > 3 && !NOT_NAMES.has(family) && index.isGivenName(given)) {
    for (const near of index.familyNear.near(family)) {
      for (const person of index.family(near.name)) {
        if (!givenMatches(given, person) || !middleFits(reading.middle, person)) continue;
        const nickname = given !== person.given && given !== person.preferred;
        candidates.push({
          person,
          distance: near.distance,
          intended: spell(reading, reading.given.printed, person.entry.familyName, tokens),
          reason: swappedOr(nickname ? 'nickname' : 'misspelling'),
        });
      }
    }
  }
  return candidates;
}

function unionBox(tokens: readonly Token[], start: number, end: number): NameBox {
  let left = Number.POSITIVE_INFINITY;
  let bottom = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  let top = Number.NEGATIVE_INFINITY;
  for (let index = start; index < end; index += 1) {
    const box = tokens[index]?.box;
    if (!box) continue;
    left = Math.min(left, box.x);
    bottom = Math.min(bottom, box.y);
    right = Math.max(right, box.x + box.width);
    top = Math.max(top, box.y + box.height);
  }
  return { x: left, y: bottom, width: right - left, height: top - bottom };
}

/** One collator for every sort: `localeCompare` builds one per call, most of the time of a large roster. */
const COLLATOR = new Intl.Collator('en', { numeric: true });

function byName(left: Person, right: Person): number {
  return (
    COLLATOR.compare(left.entry.familyName, right.entry.familyName) ||
    COLLATOR.compare(left.entry.givenName, right.entry.givenName) ||
    COLLATOR.compare(left.entry.individualId, right.entry.individualId)
  );
}

/** Grades in school order: infant and pre-school levels, kindergarten, 1–13, then anything else. */
const EARLY_GRADES: Readonly<Record<string, number>> = { IT: -5, PR: -4, PS: -3, PK: -2, TK: -1, KG: 0, K: 0 };

function gradeOrder(grade: string): number {
  const normal = grade.trim().toUpperCase();
  const early = EARLY_GRADES[normal];
  if (early !== undefined) return early;
  return /^\d+$/.test(normal) ? Number(normal) : 100;
}

function compareMissing(left: Person, right: Person): number {
  const a = left.entry;
  const b = right.entry;
  return (
    gradeOrder(a.grade) - gradeOrder(b.grade) ||
    COLLATOR.compare(a.grade, b.grade) ||
    COLLATOR.compare(a.homeroom, b.homeroom) ||
    byName(left, right)
  );
}

/** Matches the text of a proof's pages against a roster. Pure: the same pages and roster, the same answer. */
export function checkNames(pages: readonly ProofTextPage[], roster: readonly RosterNameEntry[]): NameCheckResult {
  const index = new RosterIndex(roster);
  const printed = new Set<Person>();
  const matched = new Set<Person>();
  const findings: NameFinding[] = [];

  for (const page of pages) {
    const tokens = tokenize(page);
    const consumed = new Uint8Array(tokens.length);

    // First every exact name, so that a near miss never takes the words of a name printed right.
    for (let start = 0; start < tokens.length; start += 1) {
      if (!tokens[start]?.capitalized && !tokens[start]?.particle) continue;
      for (const reading of readings(tokens, start, consumed)) {
        const people = exactPeople(index, reading);
        if (people.length === 0) continue;
        for (const person of people) {
          printed.add(person);
          matched.add(person);
        }
        consumed.fill(1, reading.start, reading.end);
        start = reading.end - 1;
        break;
      }
    }

    // Then near misses among the words left.
    for (let start = 0; start < tokens.length; start += 1) {
      if (consumed[start] || !tokens[start]?.capitalized) continue;
      let best: { reading: Reading; candidates: NearCandidate[] } | null = null;
      for (const reading of readings(tokens, start, consumed)) {
        const candidates = nearPeople(index, reading, tokens);
        if (candidates.length === 0) continue;
        const distance = Math.min(...candidates.map((candidate) => candidate.distance));
        const closest = candidates.filter((candidate) => candidate.distance === distance);
        const bestDistance = best
          ? Math.min(...best.candidates.map((candidate) => candidate.distance))
          : Number.POSITIVE_INFINITY;
        if (distance < bestDistance) best = { reading, candidates: closest };
      }
      if (!best) continue;
      const { reading } = best;
      // One candidate per person (a near miss of both the given and the preferred name counts once).
      const perPerson = new Map<Person, NearCandidate>();
      for (const candidate of best.candidates)
        if (!perPerson.has(candidate.person)) perPerson.set(candidate.person, candidate);
      const ordered = [...perPerson.values()].sort((left, right) => byName(left.person, right.person));
      const [first, ...others] = ordered;
      if (!first) continue;
      // Several people spelt the same way are one intended name; different spellings leave the
      // reader to choose, and none of them counts as printed.
      if (others.every((other) => other.intended === first.intended))
        for (const candidate of ordered) printed.add(candidate.person);
      findings.push({
        pageNumber: page.pageNumber,
        box: unionBox(tokens, reading.start, reading.end),
        found: spell(reading, reading.given.printed, reading.family.printed, tokens),
        intended: first.intended,
        individualId: first.person.entry.individualId,
        reason: first.reason,
        alternatives: others.map((other) => ({
          individualId: other.person.entry.individualId,
          intended: other.intended,
        })),
      });
      consumed.fill(1, reading.start, reading.end);
      start = reading.end - 1;
    }
  }

  const missing = index.people
    .filter((person) => !printed.has(person))
    .sort(compareMissing)
    .map((person) => ({
      individualId: person.entry.individualId,
      name: `${person.entry.preferredName || person.entry.givenName} ${person.entry.familyName}`,
      grade: person.entry.grade,
      homeroom: person.entry.homeroom,
    }));
  return { findings, missing, matched: matched.size };
}
