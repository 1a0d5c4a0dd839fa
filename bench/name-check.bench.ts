// The name check of a proof against its roster (issue 16, "Beyond"): a generated 200-page book,
// ~60 printed names a page (captions under portraits, some with the family name on the line below,
// some "Family, Given", some nicknames) plus ordinary text (headings, sentences), against rosters
// of 2,000 and 20,000 names, with planted misspellings. Prints pages, names, ms (best and median of
// BENCH_RUNS), matched, findings, how many planted misspellings were found (recall) and how many
// findings were not planted (noise). Deterministic: a seeded generator, the same book each run.
// The budget: 200 pages × 2,000 names well under 5 s.
//
// Run: npm run bench:name-check -w @colophon/bench (a few seconds). Knobs: BENCH_PAGES (200),
// BENCH_NAMES_PER_PAGE (60), BENCH_ROSTERS (2000,20000), BENCH_RUNS (5), BENCH_PLANTED (1 in 40 names).
import { performance } from 'node:perf_hooks';
import {
  checkNames,
  type NameFinding,
  type ProofTextItem,
  type ProofTextPage,
  type RosterNameEntry,
} from '@colophon/domain';

const PAGES = Number(process.env.BENCH_PAGES ?? 200);
const NAMES_PER_PAGE = Number(process.env.BENCH_NAMES_PER_PAGE ?? 60);
const ROSTERS = (process.env.BENCH_ROSTERS ?? '2000,20000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PLANTED_EVERY = Number(process.env.BENCH_PLANTED ?? 40);

/** mulberry32: a small seeded generator, so every run prints the same book. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const GIVEN = `Aaliyah Aaron Abigail Adam Adrian Aiden Alexander Alexis Alice Allison Alyssa Amelia Andrew Angela
  Anna Anthony Aria Ariana Ashley Aubrey Audrey Austin Ava Avery Benjamin Bella Blake Brandon Brayden Brian
  Brianna Brooke Caleb Camila Carlos Caroline Carter Catherine Charles Charlotte Chloe Christian
  Christopher Claire Cole Connor Daniel David Diego Dylan Eleanor Elena Eli Elijah Elizabeth Ella Emily
  Emma Eric Ethan Evan Evelyn Gabriel Gabriella Gavin Grace Hailey Hannah Harper Hayden Henry Hunter Isaac
  Isabella Isaiah Jack Jackson Jacob James Jasmine Jason Jayden Jeremiah Jessica John Jonathan Jordan
  Jose Joseph Joshua Juan Julia Julian Justin Kaitlyn Katherine Kayla Kevin Kylie Landon Lauren Layla Leah
  Leo Levi Liam Lillian Lily Logan Lucas Lucy Luis Luke Madeline Madison Mason Matthew Maya Mia Michael
  Mila Natalie Nathan Nevaeh Nicholas Noah Nora Olivia Owen Paisley Penelope Riley Robert Ryan Samantha
  Samuel Sarah Savannah Scarlett Sebastian Skylar Sofia Sophia Stella Taylor Thomas Tyler Victoria
  Violet William Wyatt Xavier Zachary Zoe Zoey`
  .split(/\s+/)
  .filter(Boolean);

const COMMON_FAMILIES = `Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez
  Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark
  Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson
  Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards
  Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey
  Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza
  Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross Foster Jimenez O'Brien Mary-Kate`
  .split(/\s+/)
  .filter((name) => name !== 'Mary-Kate');

const SYLLABLES = 'bar ken dal mor vin tor las fen gri hal wes ric lan dor mel sten kov rask ny bel'.split(' ');
const ENDINGS = 'son ton ley man berg field wood ford ski ez ova ard ing well worth'.split(' ');

const WORDS = `the and a of to in is was for on with as at by from this that our we our students their
  year first day school team club played won season music art science history math project trip spring
  winter fall summer lunch friends memories together learning reading writing field game home away
  favorite teacher class room library gym concert show best most likely new old great big small`
  .split(/\s+/)
  .filter(Boolean);

const HEADINGS = [
  'Class of 2027',
  'Homeroom 5A',
  'Spring Concert',
  'Varsity Soccer',
  'Science Fair',
  'Our Teachers',
  'Student Council',
];

interface Roster {
  readonly people: RosterNameEntry[];
  readonly families: Set<string>;
}

function makeRoster(size: number, random: () => number): Roster {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const people: RosterNameEntry[] = [];
  const seen = new Set<string>();
  const grades = ['KG', '01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'];
  while (people.length < size) {
    const family =
      random() < 0.5
        ? pick(COMMON_FAMILIES)
        : capitalize(`${pick(SYLLABLES)}${random() < 0.5 ? pick(SYLLABLES) : ''}${pick(ENDINGS)}`);
    const given = pick(GIVEN);
    // Distinct names, so each planted misspelling has one intended spelling.
    if (seen.has(`${given} ${family}`)) continue;
    seen.add(`${given} ${family}`);
    const grade = pick(grades);
    people.push({
      individualId: `p${people.length + 1}`,
      givenName: given,
      familyName: family,
      grade,
      homeroom: `${grade}-${String.fromCharCode(65 + Math.floor(random() * 4))}`,
    });
  }
  return { people, families: new Set(people.map((person) => person.familyName.toLowerCase())) };
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** One edit inside the family name (a swap of two letters or a changed letter), never another roster family. */
function misspell(family: string, families: Set<string>, random: () => number): string | null {
  if (family.length < 5 || /[^A-Za-z]/.test(family)) return null;
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const at = 1 + Math.floor(random() * (family.length - 2));
    const letters = [...family];
    if (random() < 0.5) {
      [letters[at], letters[at + 1]] = [letters[at + 1] ?? '', letters[at] ?? ''];
    } else {
      letters[at] = 'aeiouyrst'[Math.floor(random() * 9)] ?? 'e';
    }
    const wrong = letters.join('');
    if (wrong !== family && !families.has(wrong.toLowerCase())) return wrong;
  }
  return null;
}

const NICKNAME_OF: Readonly<Record<string, string>> = {
  Robert: 'Bob',
  Elizabeth: 'Liz',
  Michael: 'Mike',
  Katherine: 'Kate',
  William: 'Will',
  Matthew: 'Matt',
  Samuel: 'Sam',
};

interface Book {
  readonly pages: ProofTextPage[];
  readonly names: number;
  readonly planted: Set<string>;
}

function makeBook(roster: Roster, random: () => number): Book {
  const pages: ProofTextPage[] = [];
  /** `page:misspelt family name` of every planted misspelling. */
  const planted = new Set<string>();
  let names = 0;
  // 2 % of the roster is left out of the book on purpose; with 20,000 names most of the roster is
  // missing anyway, since 200 pages hold 12,000 captions.
  const printable = roster.people.filter(() => random() >= 0.02);
  for (let pageNumber = 1; pageNumber <= PAGES; pageNumber += 1) {
    const items: ProofTextItem[] = [];
    const line = (str: string, x: number, y: number) => items.push({ str, x, y, width: str.length * 4, height: 10 });
    line(HEADINGS[pageNumber % HEADINGS.length] ?? 'Yearbook', 72, 760);
    for (let slot = 0; slot < NAMES_PER_PAGE; slot += 1) {
      const person = printable[(pageNumber * NAMES_PER_PAGE + slot) % printable.length];
      if (!person) continue;
      names += 1;
      const x = 20 + (slot % 6) * 100;
      const y = 700 - Math.floor(slot / 6) * 60;
      let given = person.givenName;
      let family = person.familyName;
      if (names % PLANTED_EVERY === 0) {
        const wrong = misspell(family, roster.families, random);
        if (wrong) {
          family = wrong;
          planted.add(`${pageNumber}:${wrong}`);
        }
      } else if (random() < 0.05) {
        given = NICKNAME_OF[given] ?? given;
      }
      const layout = random();
      if (layout < 0.6) line(`${given} ${family}`, x, y);
      else if (layout < 0.85) {
        line(given, x, y);
        line(family, x, y - 12);
      } else line(`${family}, ${given}`, x, y);
    }
    // Ordinary text: three short paragraphs of lower-case words, each sentence capitalised.
    for (let row = 0; row < 24; row += 1) {
      const words = Array.from({ length: 12 }, () => WORDS[Math.floor(random() * WORDS.length)] ?? 'the');
      const sentence = `${capitalize(words.join(' '))}.`;
      line(sentence, 72, 90 - row * 3);
    }
    pages.push({ pageNumber, width: 612, height: 792, items });
  }
  return { pages, names, planted };
}

/** `page:misspelt family name` of a finding, printed in roster order or family first. */
function plantedKey(finding: NameFinding): string {
  const family = finding.found.includes(',') ? finding.found.split(',')[0] : finding.found.split(' ').at(-1);
  return `${finding.pageNumber}:${family}`;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

console.log(`name check: ${PAGES} pages, ~${NAMES_PER_PAGE} names a page, ${RUNS} runs each`);
console.log('pages  roster  printed names  best ms  median ms  matched  missing  findings  planted  found  noise');
for (const size of ROSTERS) {
  const random = generator(16 + size);
  const roster = makeRoster(size, random);
  const book = makeBook(roster, random);
  const times: number[] = [];
  let result = checkNames(book.pages, roster.people);
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    result = checkNames(book.pages, roster.people);
    times.push(performance.now() - started);
  }
  const isPlanted = (finding: NameFinding) => book.planted.has(plantedKey(finding));
  const found = result.findings.filter(isPlanted).length;
  console.log(
    [
      String(PAGES).padStart(5),
      String(size).padStart(7),
      String(book.names).padStart(14),
      Math.min(...times)
        .toFixed(0)
        .padStart(8),
      median(times).toFixed(0).padStart(10),
      String(result.matched).padStart(8),
      String(result.missing.length).padStart(8),
      String(result.findings.length).padStart(9),
      String(book.planted.size).padStart(8),
      String(found).padStart(6),
      String(result.findings.length - found).padStart(6),
    ].join(' '),
  );
  // What a reader would have to look at for nothing, and what the check let through.
  for (const finding of result.findings.filter((finding) => !isPlanted(finding)).slice(0, 5)) {
    console.log(`  not planted: p${finding.pageNumber} "${finding.found}" → "${finding.intended}"`);
  }
  const reported = new Set(result.findings.map(plantedKey));
  for (const key of [...book.planted].filter((key) => !reported.has(key)).slice(0, 5)) {
    console.log(`  planted, not found: ${key}`);
  }
}
