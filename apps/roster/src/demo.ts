import { Readable } from 'node:stream';
import { accounts, type Db } from '@colophon/db';
import { DEFAULT_ROSTER_FILE_NAME_TEMPLATE, type RosterGradeCode, type RosterRoleCode } from '@colophon/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { RosterFileStore } from './host';
import { migrateRoster } from './migrate';
import { portraitKey } from './portraits/portrait';
import { districts, exportPresets, individuals, schools } from './schema';

/*
 * The roster's part of the demo (issue 16): two districts of the demo studio, six of its schools
 * linked to them, and Lincoln High School's roster (2,000 students in grades 9–12 with generated
 * portraits, their homeroom teachers, other teachers and staff). 48 distinct portraits are drawn
 * from SVG by sharp and each student gets a copy under their own key (a delete never touches
 * another's file): drawing all 2,000 would take seconds, copying takes a fraction. Deterministic: the same names,
 * grades, homerooms and portraits on every machine, so a demo proof can be built from them.
 */

/** The dashboard account (packages/db/src/seed/demo.ts) whose roster holds the 2,000 students. */
export const demoRosterSchool = {
  accountCode: 'A30003',
  accountName: 'Lincoln High School',
  sourcedId: 'demo-org-lincoln-high',
} as const;

/** The demo studio the districts belong to (Evergreen Portrait Studio). */
const STUDIO_CODE = 'S10000';

const DEMO_DISTRICTS = [
  {
    sourcedId: 'demo-district-lakeshore',
    name: 'Lakeshore Unified School District',
    schools: [
      { accountCode: 'A30003', sourcedId: demoRosterSchool.sourcedId },
      { accountCode: 'A30002', sourcedId: 'demo-org-riverside-middle' },
      { accountCode: 'A30001', sourcedId: 'demo-org-maple-grove' },
    ],
  },
  {
    sourcedId: 'demo-district-cedar-valley',
    name: 'Cedar Valley Public Schools',
    schools: [
      { accountCode: 'A30004', sourcedId: 'demo-org-cedar-park' },
      { accountCode: 'A30005', sourcedId: 'demo-org-westview' },
      { accountCode: 'A30012', sourcedId: 'demo-org-hillcrest' },
    ],
  },
] as const;

export const DEMO_ROSTER_GRADES = ['09', '10', '11', '12'] as const satisfies readonly RosterGradeCode[];
export const DEMO_STUDENTS = 2_000;
/** Lincoln's export preset in the demo. */
export const DEMO_EXPORT_PRESET = 'Yearbook portraits';
const HOMEROOMS_PER_GRADE = 20;
const OTHER_TEACHERS = 30;
/** Different generated portraits; each student's file is their own (a delete never touches another's). */
const PORTRAIT_VARIANTS = 48;

const GIVEN_NAMES = [
  'Aaliyah',
  'Aaron',
  'Abigail',
  'Adrian',
  'Aiden',
  'Alejandro',
  'Alexander',
  'Alexis',
  'Alice',
  'Amara',
  'Amelia',
  'Ana',
  'Andrew',
  'Angela',
  'Anthony',
  'Aria',
  'Ariana',
  'Asher',
  'Ava',
  'Benjamin',
  'Bianca',
  'Brandon',
  'Brianna',
  'Caleb',
  'Camila',
  'Cameron',
  'Carlos',
  'Caroline',
  'Chloe',
  'Christopher',
  'Claire',
  'Daniel',
  'David',
  'Delilah',
  'Diego',
  'Dylan',
  'Eleanor',
  'Elena',
  'Eli',
  'Elijah',
  'Elizabeth',
  'Ella',
  'Emily',
  'Emma',
  'Ethan',
  'Evelyn',
  'Ezra',
  'Fatima',
  'Gabriel',
  'Gabriela',
  'Genesis',
  'Grace',
  'Hannah',
  'Harper',
  'Hazel',
  'Henry',
  'Hiroshi',
  'Hunter',
  'Ibrahim',
  'Isaac',
  'Isabella',
  'Isaiah',
  'Jack',
  'Jackson',
  'Jacob',
  'James',
  'Jasmine',
  'Javier',
  'Jayden',
  'Jessica',
  'Jonathan',
  'Jordan',
  'José',
  'Joseph',
  'Joshua',
  'Julia',
  'Julian',
  'Kai',
  'Katherine',
  'Kayla',
  'Kenji',
  'Khalil',
  'Layla',
  'Leah',
  'Leo',
  'Liam',
  'Lily',
  'Logan',
  'Lucas',
  'Lucía',
  'Luna',
  'Madison',
  'Malik',
  'Maria',
  'Mason',
  'Mateo',
  'Matthew',
  'Maya',
  'Mei',
  'Mia',
  'Michael',
  'Mila',
  'Mohammed',
  'Naomi',
  'Natalie',
  'Nathan',
  'Nicholas',
  'Noah',
  'Nora',
  'Olivia',
  'Omar',
  'Owen',
  'Penelope',
  'Priya',
  'Rachel',
  'Rafael',
  'Riley',
  'Rohan',
  'Ryan',
  'Samantha',
  'Samuel',
  'Sarah',
  'Scarlett',
  'Sebastian',
  'Sofia',
  'Sophie',
  'Stella',
  'Taylor',
  'Thomas',
  'Valentina',
  'Victoria',
  'Violet',
  'William',
  'Wyatt',
  'Xavier',
  'Yara',
  'Yusuf',
  'Zachary',
  'Zoe',
  'Zoë',
  'Anjali',
  'Chen',
  'Darius',
  'Esperanza',
  'Finn',
  'Giovanni',
  'Ingrid',
  'Jamal',
  'Keanu',
  'Lena',
  'Marcus',
  'Nadia',
  'Oscar',
  'Paloma',
  'Quinn',
  'Rosa',
  'Soren',
  'Tariq',
  'Uma',
  'Wei',
];
const FAMILY_NAMES = [
  'Adams',
  'Aguilar',
  'Ahmed',
  'Alexander',
  'Ali',
  'Allen',
  'Alvarez',
  'Anderson',
  'Baker',
  'Banerjee',
  'Barnes',
  'Bell',
  'Bennett',
  'Brooks',
  'Brown',
  'Bryant',
  'Butler',
  'Campbell',
  'Carter',
  'Castillo',
  'Chavez',
  'Chen',
  'Clark',
  'Coleman',
  'Collins',
  'Cook',
  'Cooper',
  'Cruz',
  'Davis',
  'Diaz',
  'Dubois',
  'Edwards',
  'Evans',
  'Fischer',
  'Flores',
  'Foster',
  'Garcia',
  'Gomez',
  'Gonzalez',
  'Gray',
  'Green',
  'Griffin',
  'Gupta',
  'Hall',
  'Harris',
  'Hayes',
  'Henderson',
  'Hernandez',
  'Hill',
  'Hoang',
  'Howard',
  'Hughes',
  'Jackson',
  'James',
  'Jenkins',
  'Jimenez',
  'Johnson',
  'Jones',
  'Kaur',
  'Kelly',
  'Khan',
  'Kim',
  'King',
  'Kowalski',
  'Lee',
  'Lewis',
  'Li',
  'Long',
  'Lopez',
  'Martin',
  'Martinez',
  'Mendoza',
  'Miller',
  'Mitchell',
  'Moore',
  'Morales',
  'Morgan',
  'Morris',
  'Murphy',
  'Myers',
  'Nakamura',
  'Nelson',
  'Nguyen',
  'Novak',
  'O’Brien',
  'Okafor',
  'Ortiz',
  'Parker',
  'Patel',
  'Perez',
  'Perry',
  'Peterson',
  'Phillips',
  'Powell',
  'Price',
  'Ramirez',
  'Reed',
  'Reyes',
  'Richardson',
  'Rivera',
  'Roberts',
  'Robinson',
  'Rodriguez',
  'Rogers',
  'Ross',
  'Russell',
  'Sanchez',
  'Sanders',
  'Schmidt',
  'Scott',
  'Shah',
  'Silva',
  'Singh',
  'Smith',
  'Stewart',
  'Sullivan',
  'Tanaka',
  'Taylor',
  'Thomas',
  'Thompson',
  'Torres',
  'Tran',
  'Turner',
  'Walker',
  'Wang',
  'Ward',
  'Washington',
  'Watson',
  'White',
  'Williams',
  'Wilson',
  'Wong',
  'Wood',
  'Wright',
  'Yamamoto',
  'Young',
  'Zhang',
  'Zimmerman',
  'García-López',
  'Van der Berg',
];
/** Given names a student goes by something shorter: the roster's preferred name. */
const NICKNAMES: Record<string, string> = {
  Alexander: 'Alex',
  Benjamin: 'Ben',
  Christopher: 'Chris',
  Elizabeth: 'Liz',
  Jonathan: 'Jon',
  Katherine: 'Kate',
  Matthew: 'Matt',
  Nicholas: 'Nick',
  Samantha: 'Sam',
  Zachary: 'Zach',
};
const STAFF_TITLES = [
  'Principal',
  'Assistant Principal',
  'Assistant Principal',
  'Counselor',
  'Counselor',
  'Counselor',
  'Librarian',
  'School Nurse',
  'Athletic Director',
  'Registrar',
  'Office Manager',
  'Attendance Clerk',
  'Custodian',
  'Custodian',
  'Cafeteria Manager',
  'IT Coordinator',
  'Security Officer',
  'Bookkeeper',
  'Speech Therapist',
  'Psychologist',
  'Instructional Aide',
  'Instructional Aide',
  'Bus Coordinator',
  'Yearbook Adviser',
];

/** A small seeded generator (mulberry32): the same people on every machine. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  return { next, pick };
}

type DemoPerson = {
  sourcedId: string;
  givenName: string;
  familyName: string;
  preferredName: string | null;
  grade: RosterGradeCode | null;
  homeroom: string | null;
  role: RosterRoleCode;
  email: string | null;
};

/**
 * Lincoln's people, in a fixed order: students grade by grade and homeroom by homeroom (each full
 * name once in the school, as the name check's demo wants), then homeroom teachers, other teachers, staff.
 */
export function demoRosterPeople(): DemoPerson[] {
  const random = seeded(16);
  const taken = new Set<string>();
  const uniqueName = () => {
    for (;;) {
      const givenName = random.pick(GIVEN_NAMES);
      const familyName = random.pick(FAMILY_NAMES);
      const full = `${givenName} ${familyName}`;
      if (taken.has(full)) continue;
      taken.add(full);
      return { givenName, familyName };
    }
  };
  const schoolEmail = (givenName: string, familyName: string) =>
    `${`${givenName}.${familyName}`
      .normalize('NFD')
      .replace(/[^A-Za-z.]/g, '')
      .toLowerCase()}@lincoln.example.org`;
  const adult = (role: RosterRoleCode, sourcedId: string, homeroom: string | null): DemoPerson => {
    const { givenName, familyName } = uniqueName();
    return {
      sourcedId,
      givenName,
      familyName,
      preferredName: null,
      grade: null,
      homeroom,
      role,
      email: schoolEmail(givenName, familyName),
    };
  };

  const teachers: DemoPerson[] = [];
  const students: DemoPerson[] = [];
  const perHomeroom = DEMO_STUDENTS / (DEMO_ROSTER_GRADES.length * HOMEROOMS_PER_GRADE);
  for (const [gradeIndex, grade] of DEMO_ROSTER_GRADES.entries()) {
    for (let room = 0; room < HOMEROOMS_PER_GRADE; room++) {
      // Rooms 101–120 for grade 9, 201–220 for 10, and so on; the homeroom reads "Alvarez (214)".
      const teacher = adult('teacher', `demo-tch-${grade}-${room + 1}`, null);
      teacher.homeroom = `${teacher.familyName} (${(gradeIndex + 1) * 100 + room + 1})`;
      teachers.push(teacher);
      for (let seat = 0; seat < perHomeroom; seat++) {
        const { givenName, familyName } = uniqueName();
        const preferred = NICKNAMES[givenName];
        students.push({
          sourcedId: `demo-stu-${String(students.length + 1).padStart(4, '0')}`,
          givenName,
          familyName,
          preferredName: preferred && random.next() < 0.5 ? preferred : null,
          grade,
          homeroom: teacher.homeroom,
          role: 'student',
          email: null,
        });
      }
    }
  }
  for (let index = 0; index < OTHER_TEACHERS; index++) teachers.push(adult('teacher', `demo-tch-${index + 1}`, null));
  const staff = STAFF_TITLES.map((_title, index) => adult('staff', `demo-stf-${index + 1}`, null));
  return [...students, ...teachers, ...staff];
}

/** A generated head-and-shoulders portrait (no one's face): background, skin, hair and shirt vary. */
function portraitSvg(variant: number): string {
  const random = seeded(1_000 + variant);
  const skins = ['#f6d7c3', '#f1c27d', '#e0ac69', '#c68642', '#a86b3c', '#8d5524', '#5c3a21'];
  const hairs = ['#1b1b1b', '#3b2416', '#6b4423', '#a0522d', '#d4a25b', '#e8d3a0', '#7a7a7a'];
  const backdrop = Math.floor(random.next() * 360);
  const shirt = Math.floor(random.next() * 360);
  const skin = random.pick(skins);
  const hair = random.pick(hairs);
  const long = random.next() < 0.5;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400" viewBox="0 0 300 400">
<defs><radialGradient id="b" cx="50%" cy="40%" r="70%"><stop offset="0" stop-color="hsl(${backdrop},30%,78%)"/><stop offset="1" stop-color="hsl(${backdrop},35%,45%)"/></radialGradient></defs>
<rect width="300" height="400" fill="url(#b)"/>
${long ? `<rect x="78" y="120" width="144" height="170" rx="60" fill="${hair}"/>` : ''}
<ellipse cx="150" cy="430" rx="140" ry="120" fill="hsl(${shirt},45%,35%)"/>
<rect x="127" y="225" width="46" height="60" fill="${skin}"/>
<ellipse cx="150" cy="170" rx="64" ry="80" fill="${skin}"/>
<path d="M84 160 Q86 76 150 80 Q214 76 216 160 Q200 110 150 112 Q100 110 84 160Z" fill="${hair}"/>
<circle cx="126" cy="172" r="6" fill="#2a2a2a"/><circle cx="174" cy="172" r="6" fill="#2a2a2a"/>
<path d="M128 212 Q150 228 172 212" stroke="#8a4b4b" stroke-width="5" fill="none" stroke-linecap="round"/>
</svg>`;
}

export interface RosterDemoResult {
  /** False when the roster demo was there already (nothing written). */
  seeded: boolean;
  districts: number;
  schools: number;
  people: number;
  /** The roster school of demoRosterSchool. */
  schoolId: number;
  /** Milliseconds to write the districts, schools and people. */
  ms: number;
  /**
   * The students' portraits, still being written when seedRosterDemo answers (file I/O, seconds):
   * their keys are recorded all at once when every file is there. Attach a handler at once.
   */
  portraits: Promise<{ count: number; ms: number }>;
}

/**
 * Seeds the roster's demo into a database that holds the dashboard's demo (seedDemo first). Answers
 * once the roster's migrations, the districts and schools and Lincoln's people are written (well under
 * a second; the name check's demo proof may read them from then on); the portraits follow in
 * `portraits`. Skipped when Lincoln is mapped already.
 */
export async function seedRosterDemo(
  db: Db,
  files: RosterFileStore,
  options: { now?: () => number } = {},
): Promise<RosterDemoResult> {
  const now = options.now ?? (() => performance.now());
  const started = now();
  await migrateRoster(db);
  const codes = [STUDIO_CODE, ...DEMO_DISTRICTS.flatMap((district) => district.schools.map((s) => s.accountCode))];
  const rows = await db
    .select({ id: accounts.id, code: accounts.code, name: accounts.name })
    .from(accounts)
    .where(inArray(accounts.code, codes));
  const accountOf = (code: string) => {
    const account = rows.find((row) => row.code === code);
    if (!account) throw new Error(`the roster demo needs the dashboard demo's account ${code} (seedDemo first)`);
    return account;
  };
  const lincolnAccount = accountOf(demoRosterSchool.accountCode);
  const [existing] = await db
    .select({ id: schools.id })
    .from(schools)
    .where(eq(schools.accountId, lincolnAccount.id))
    .limit(1);
  if (existing) {
    return {
      seeded: false,
      districts: 0,
      schools: 0,
      people: 0,
      schoolId: existing.id,
      ms: 0,
      portraits: Promise.resolve({ count: 0, ms: 0 }),
    };
  }

  const studio = accountOf(STUDIO_CODE);
  const people = demoRosterPeople();
  let schoolId = 0;
  let schoolCount = 0;
  const studentIds = await db.transaction(async (tx) => {
    for (const district of DEMO_DISTRICTS) {
      const [row] = await tx
        .insert(districts)
        .values({ name: district.name, sourcedId: district.sourcedId, studioAccountId: studio.id })
        .returning({ id: districts.id });
      if (!row) throw new Error('district not created');
      const linked = await tx
        .insert(schools)
        .values(
          district.schools.map((school) => {
            const account = accountOf(school.accountCode);
            return { accountId: account.id, sourcedId: school.sourcedId, name: account.name, districtId: row.id };
          }),
        )
        .returning({ id: schools.id, accountId: schools.accountId });
      schoolCount += linked.length;
      schoolId ||= linked.find((school) => school.accountId === lincolnAccount.id)?.id ?? 0;
    }
    if (!schoolId) throw new Error('the demo roster school was not created');
    // What a studio hands its layout software: the students with their portraits' file names.
    await tx.insert(exportPresets).values({
      name: DEMO_EXPORT_PRESET,
      schoolId,
      roles: ['student'],
      columns: ['sourcedId', 'givenName', 'familyName', 'grade', 'homeroom', 'imageFileName'],
      layout: 'csv-with-images',
      fileNameTemplate: DEFAULT_ROSTER_FILE_NAME_TEMPLATE,
      sortOrder: 'grade-homeroom-familyName',
    });
    const ids: number[] = [];
    for (let start = 0; start < people.length; start += 500) {
      const inserted = await tx
        .insert(individuals)
        .values(people.slice(start, start + 500).map((person) => ({ ...person, schoolId, source: 'manual' as const })))
        .returning({ id: individuals.id, role: individuals.role });
      ids.push(...inserted.filter((person) => person.role === 'student').map((person) => person.id));
    }
    return ids;
  });
  const ms = Math.round(now() - started);

  const portraits = (async () => {
    const portraitsStarted = now();
    const variants = await Promise.all(
      Array.from({ length: PORTRAIT_VARIANTS }, (_unused, variant) =>
        sharp(Buffer.from(portraitSvg(variant)))
          .jpeg({ quality: 82, mozjpeg: true })
          .toBuffer(),
      ),
    );
    let next = 0;
    const writeNext = async () => {
      while (next < studentIds.length) {
        const index = next++;
        await files.putStream(
          portraitKey(schoolId, studentIds[index] as number, 'demo'),
          Readable.from([variants[(index * 7919) % PORTRAIT_VARIANTS] as Buffer]),
          'image/jpeg',
        );
      }
    };
    await Promise.all(Array.from({ length: 8 }, writeNext));
    // One statement records every key, as portraitKey wrote them (school, person, "demo"); each
    // file is there before its key, so no row ever points at a missing file.
    await db
      .update(individuals)
      .set({ photoKey: sql`'roster-portraits/' || ${individuals.schoolId} || '/' || ${individuals.id} || '-demo.jpg'` })
      .where(and(eq(individuals.schoolId, schoolId), eq(individuals.role, 'student')));
    return { count: studentIds.length, ms: Math.round(now() - portraitsStarted) };
  })();
  return {
    seeded: true,
    districts: DEMO_DISTRICTS.length,
    schools: schoolCount,
    people: people.length,
    schoolId,
    ms,
    portraits,
  };
}
