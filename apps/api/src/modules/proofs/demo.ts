import { randomUUID } from 'node:crypto';
import {
  accounts,
  projects,
  proofCommentInternals,
  proofComments,
  proofInternalActions,
  proofReviewers,
  proofs,
  queueProofs,
  users,
} from '@colophon/db';
import {
  bookType,
  internalProofStatus,
  type ProofStatusCode,
  proofProcessingStatus,
  proofStatus,
} from '@colophon/domain';
import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Services } from '../../context';
import {
  type PageManifest,
  type PagePool,
  type ProofImageKeys,
  type ProofManifest,
  proofImageKeys,
  renderPages,
  trimSizes,
} from '../../proof-pipeline';
import { type BookFaults, makeBook } from '../../proof-pipeline/fixtures/make-book';
import { enqueue } from '../../queue';
import { enqueueEpub } from './epub';
import type { ProofJobPayload } from './workers';

const DAY = 24 * 3600 * 1000;
/** Who says what in the demo's review conversations (demo sign-ins, see README). */
type Speaker = 'adviser' | 'volunteer' | 'schooladmin' | 'studioadmin' | 'contact' | 'owner' | 'direct';

interface DemoComment {
  by: Speaker;
  body: string;
  pin?: { page: number; x: number; y: number };
}

/** One real book of the demo: a round of a project, its faults, where its review stands and what was said. */
interface DemoRound {
  faults: BookFaults;
  status: ProofStatusCode;
  internalStatus: number;
  daysAgo: number;
  rejectReason?: string;
  decidedBy?: Speaker;
  reviewers?: { by: Speaker; status: ProofStatusCode | null; note?: string }[];
  comments?: DemoComment[];
  internalComments?: DemoComment[];
  actions?: { by: Speaker; action: string; internalStatus?: number; note?: string }[];
}

interface DemoBook {
  /** Which school: Lincoln High School, the direct school, or the nth other school with a small project. */
  school: 'lincoln' | 'direct' | number;
  rounds: DemoRound[];
}

/**
 * The demo's real proofs: PDFs made with the fixture generator for a handful of small projects, stored
 * in the file store and queued for processing, so the workers give them real findings and page images
 * on the first start. Together with the season's imported history they show every status and internal
 * status; these carry the review around them: reviewers, pinned comments, staff-only notes, history.
 * Lincoln High School (adviser@) has two rounds: the first rejected for a low-resolution photo, the
 * second fixed and waiting for review, so the comparison marks the changed page.
 */
const demoBooks: DemoBook[] = [
  {
    school: 'lincoln',
    rounds: [
      {
        faults: { lowResolution: true },
        status: proofStatus.Rejected,
        internalStatus: internalProofStatus.CustomerResubmitting,
        daysAgo: 9,
        rejectReason: 'The team photo on page 2 is too low resolution to print; we are replacing it.',
        decidedBy: 'adviser',
        comments: [
          {
            by: 'adviser',
            body: 'This photo looks blurry on screen. Is it going to print like that?',
            pin: { page: 2, x: 0.5, y: 0.42 },
          },
          {
            by: 'studioadmin',
            body: 'Yes, it is 72 ppi at this size. Please place the original file from the photographer.',
          },
        ],
        internalComments: [{ by: 'studioadmin', body: 'Called the adviser; new photo coming this week.' }],
        actions: [
          {
            by: 'studioadmin',
            action: 'studio contacted',
            internalStatus: internalProofStatus.StudioContacted,
            note: 'Phoned about page 2.',
          },
        ],
      },
      {
        faults: {},
        status: proofStatus.NeedsReview,
        internalStatus: internalProofStatus.AwaitingReview,
        daysAgo: 2,
        reviewers: [
          { by: 'adviser', status: null },
          { by: 'volunteer', status: proofStatus.Approved, note: 'Names on the club pages are all correct.' },
        ],
        comments: [
          { by: 'volunteer', body: 'Caption reads well now.', pin: { page: 3, x: 0.3, y: 0.8 } },
          { by: 'adviser', body: 'New team photo is in. Checking the rest tonight.' },
        ],
      },
    ],
  },
  {
    school: 'direct',
    rounds: [
      {
        faults: { rgbImages: true },
        status: proofStatus.NeedsReview,
        internalStatus: internalProofStatus.StudioContacted,
        daysAgo: 4,
        comments: [{ by: 'direct', body: 'Do the RGB warnings matter for us?' }],
        internalComments: [{ by: 'studioadmin', body: 'Colours will shift slightly; advised converting to CMYK.' }],
        actions: [
          { by: 'studioadmin', action: 'studio contacted', internalStatus: internalProofStatus.StudioContacted },
        ],
      },
    ],
  },
  {
    school: 0,
    rounds: [
      {
        faults: { pageCountDelta: 4 },
        status: proofStatus.NeedsReview,
        internalStatus: internalProofStatus.InProgress,
        daysAgo: 3,
        internalComments: [{ by: 'contact', body: 'Four extra pages: asked whether they are adding a signature.' }],
        actions: [{ by: 'contact', action: 'review started', internalStatus: internalProofStatus.InProgress }],
      },
    ],
  },
  {
    school: 1,
    rounds: [
      {
        faults: { lowResolution: 'marginal' },
        status: proofStatus.Approved,
        internalStatus: internalProofStatus.CustomerApprovesAsIs,
        daysAgo: 12,
        decidedBy: 'owner',
        comments: [{ by: 'owner', body: 'Approved as is; the school accepts the softer photo on page 2.' }],
        actions: [
          { by: 'owner', action: 'customer approves as is', internalStatus: internalProofStatus.CustomerApprovesAsIs },
        ],
      },
    ],
  },
  {
    school: 2,
    rounds: [
      {
        faults: {},
        status: proofStatus.Approved,
        internalStatus: internalProofStatus.Approved,
        daysAgo: 20,
        decidedBy: 'owner',
      },
    ],
  },
];

const DEMO_EMAILS: Record<Speaker, string> = {
  adviser: 'adviser@colophon.test',
  volunteer: 'volunteer@colophon.test',
  schooladmin: 'schooladmin@colophon.test',
  studioadmin: 'studioadmin@colophon.test',
  contact: 'contact@colophon.test',
  owner: 'owner@colophon.test',
  direct: 'direct@colophon.test',
};

/** Different photos of each size in a demo book (see `MakeBookOptions.photoVariety`). */
const DEMO_PHOTO_VARIETY = 4;

/** Trim sizes the generator and the preflight both know, for small books that process in seconds. */
const SMALL_BOOK = {
  sizes: [5, 8, 9, 11],
  minPages: 16,
  maxPages: 48,
  types: [
    bookType.SaddleStitched,
    bookType.SaddleStitchedBW,
    bookType.SoftCoverPerfectBound,
    bookType.PerfectBoundBW,
    bookType.StandardHardCover,
    bookType.HardCoverBW,
  ],
};

/** Runs once: only while no proof has a file and no proof job is queued. Returns the proofs queued. */
export async function enqueueDemoProofs(services: Pick<Services, 'db' | 'files'>): Promise<number> {
  const { db } = services;
  const [withFiles] = await db.select({ n: count() }).from(proofs).where(isNotNull(proofs.fileKey));
  // The seed's demo jobs (payload `demo: true`, on the processing pages) do not count.
  const [queued] = await db
    .select({ n: count() })
    .from(queueProofs)
    .where(sql`${queueProofs.payload}->>'demo' is null`);
  if ((withFiles?.n ?? 0) > 0 || (queued?.n ?? 0) > 0) return 0;

  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, Object.values(DEMO_EMAILS)));
  const idOf = (speaker: Speaker) => people.find((person) => person.email === DEMO_EMAILS[speaker])?.id ?? null;

  const projectsByBook = await chooseProjects(services, demoBooks);
  let total = 0;
  for (const [index, book] of demoBooks.entries()) {
    const project = projectsByBook[index];
    if (!project) continue;
    for (const [roundIndex, round] of book.rounds.entries()) {
      const bytes = await makeBook({
        bookType: project.typeBook,
        sizeCode: project.typeSize ?? 8,
        pageCount: project.pageCount ?? 24,
        // Above the 200 ppi warning line, and quick to make (the demo starts in the background).
        photoPpi: 210,
        faults: round.faults,
        title: project.name,
        // The same seed for every round of a book: a later round differs only where it was fixed.
        seed: index + 1,
        // A few photos placed again and again: the books are made and drawn several times faster (the
        // preflight finds the same), so every demo proof has its pages a minute or two after first start.
        photoVariety: DEMO_PHOTO_VARIETY,
      });
      const fileKey = `uploads/${randomUUID()}.pdf`;
      await services.files.put(fileKey, Buffer.from(bytes), 'application/pdf');
      const createdAt = new Date(Date.now() - round.daysAgo * DAY);
      const decided = round.status !== proofStatus.NeedsReview;
      const [proof] = await db
        .insert(proofs)
        .values({
          projectId: project.id,
          status: round.status,
          internalStatus: round.internalStatus,
          roundNumber: roundIndex + 1,
          kind: 'pages',
          fileKey,
          uploadedBy: project.createdByUserId,
          pageCount: (project.pageCount ?? 24) + (round.faults.pageCountDelta ?? 0),
          rejectReason: round.rejectReason ?? null,
          unlockedForEdits: round.status === proofStatus.Rejected,
          decidedAt: decided ? new Date(createdAt.getTime() + DAY) : null,
          decidedBy: decided && round.decidedBy ? idOf(round.decidedBy) : null,
          createdAt,
        })
        .returning();
      if (!proof) continue;
      await db.insert(proofInternalActions).values([
        {
          proofId: proof.id,
          userId: project.createdByUserId,
          action: 'uploaded',
          internalStatus: internalProofStatus.AwaitingReview,
          note: `Round ${proof.roundNumber} (pages) uploaded`,
          createdAt,
        },
        ...(round.actions ?? []).map((action) => ({
          proofId: proof.id,
          userId: idOf(action.by),
          action: action.action,
          internalStatus: action.internalStatus ?? null,
          note: action.note ?? null,
        })),
        ...(decided
          ? [
              {
                proofId: proof.id,
                userId: round.decidedBy ? idOf(round.decidedBy) : null,
                action: round.status === proofStatus.Approved ? 'approved' : 'rejected',
                internalStatus: round.internalStatus,
                note: round.rejectReason ?? null,
              },
            ]
          : []),
      ]);
      if (round.reviewers?.length) {
        await db.insert(proofReviewers).values(
          round.reviewers.flatMap((reviewer) => {
            const userId = idOf(reviewer.by);
            return userId ? [{ proofId: proof.id, userId, status: reviewer.status, note: reviewer.note ?? null }] : [];
          }),
        );
      }
      if (round.comments?.length) {
        await db.insert(proofComments).values(
          round.comments.map((comment) => ({
            proofId: proof.id,
            userId: idOf(comment.by),
            body: comment.body,
            page: comment.pin?.page ?? null,
            x: comment.pin?.x ?? null,
            y: comment.pin?.y ?? null,
          })),
        );
      }
      if (round.internalComments?.length) {
        await db.insert(proofCommentInternals).values(
          round.internalComments.map((comment) => ({
            proofId: proof.id,
            userId: idOf(comment.by),
            body: comment.body,
          })),
        );
      }
      await enqueue<ProofJobPayload>(db, 'proofs', { proofId: proof.id });
      total++;
    }
  }
  return total;
}

/** Pages of the generated book each trim size's season history shares (a multiple of 4: spreads line up). */
export const SEASON_SOURCE_PAGES = 16;
/** Only the demo's database has this sign-in: real imported history never gets made-up pages. */
const DEMO_SUPER_ADMIN = 'super@colophon.test';

/**
 * Where the pages one trim size's season history shares live: beside no proof, since all of them
 * show these pages and no one of them owns them (deleting a proof leaves the others' pages).
 */
export function seasonPageKeys(sizeCode: number): ProofImageKeys {
  const own = proofImageKeys(0);
  const rebase = (key: string) => `demo/season-pages/size-${sizeCode}/${key.slice('proofs/0/'.length)}`;
  return {
    thumb: (page) => rebase(own.thumb(page)),
    viewer: (page) => rebase(own.viewer(page)),
    manifest: rebase(own.manifest),
  };
}

/**
 * Pages for the season's imported proofs (history without its PDFs, `seedSeason`): about a hundred
 * proofs of ten thousand pages, which would keep the page workers busy for many minutes. Instead each
 * trim size gets one small generated book (`SEASON_SOURCE_PAGES` pages, drawn once through the
 * page pool the proofs worker uses, so it takes its turn with the demo books and no extra cores), and
 * every imported proof of that size gets its own manifest whose page n shows the book's page
 * ((n - 1) mod SEASON_SOURCE_PAGES) + 1; the approved ones then get their EPUB like any approved
 * proof with pages. Runs in the background on every demo start and does only what is missing: a
 * book already drawn is not drawn again, a proof with a manifest is left alone, and outside the
 * demo's database it does nothing. Returns how many proofs it gave pages.
 */
export async function giveSeasonProofsPages(services: Pick<Services, 'db' | 'files'>, pool: PagePool): Promise<number> {
  const { db, files } = services;
  const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_SUPER_ADMIN)).limit(1);
  if (!demo) return 0;
  const waiting = await db
    .select({
      id: proofs.id,
      status: proofs.status,
      pageCount: proofs.pageCount,
      projectPageCount: projects.pageCount,
      sizeCode: projects.typeSize,
    })
    .from(proofs)
    .innerJoin(projects, eq(projects.id, proofs.projectId))
    .where(
      and(
        isNull(proofs.fileKey),
        isNull(proofs.manifestKey),
        eq(proofs.processingStatus, proofProcessingStatus.Processed),
        eq(proofs.kind, 'pages'),
      ),
    )
    .orderBy(asc(proofs.id));
  const bySize = new Map<number, typeof waiting>();
  for (const row of waiting) {
    const sizeCode = row.sizeCode ?? 8;
    // A size the generator cannot make stays without pages rather than showing another size's.
    if (!trimSizes[sizeCode]) continue;
    bySize.set(sizeCode, [...(bySize.get(sizeCode) ?? []), row]);
  }
  let given = 0;
  for (const [sizeCode, rows] of bySize) {
    const source = await seasonPageSource(services, sizeCode, pool);
    if (source.pages.length === 0) continue;
    for (const row of rows) {
      const pageCount = row.pageCount ?? row.projectPageCount ?? source.pageCount;
      const manifest: ProofManifest = {
        ...source,
        proofId: String(row.id),
        pageCount,
        createdAt: new Date().toISOString(),
        pages: Array.from({ length: pageCount }, (_, index) => ({
          ...(source.pages[index % source.pages.length] as PageManifest),
          page: index + 1,
        })),
      };
      // The manifest is stored before the proof names it, so a proof never points at a missing one.
      const manifestKey = proofImageKeys(row.id).manifest;
      await files.put(manifestKey, Buffer.from(JSON.stringify(manifest)), 'application/json');
      const marked = await db
        .update(proofs)
        .set({ manifestKey, pageCount })
        .where(and(eq(proofs.id, row.id), isNull(proofs.manifestKey)))
        .returning({ id: proofs.id });
      if (marked.length === 0) continue;
      given++;
      if (row.status === proofStatus.Approved) await enqueueEpub(db, row.id);
    }
  }
  return given;
}

/** One trim size's shared book, drawn once: its stored manifest when there is one (written last). */
async function seasonPageSource(
  services: Pick<Services, 'files'>,
  sizeCode: number,
  pool: PagePool,
): Promise<ProofManifest> {
  const keys = seasonPageKeys(sizeCode);
  const stored = await services.files.get(keys.manifest);
  if (stored) return JSON.parse(stored.toString('utf8')) as ProofManifest;
  const bytes = await makeBook({
    bookType: bookType.SoftCoverPerfectBound,
    sizeCode,
    pageCount: SEASON_SOURCE_PAGES,
    // No preflight looks at these pages: photos at screen resolution are quicker to make and to draw.
    photoPpi: 100,
    photoVariety: DEMO_PHOTO_VARIETY,
    // Page n of a proof shows this book's page ((n - 1) mod 16) + 1: a number on it would be wrong.
    folios: false,
    title: 'Season history',
    seed: 100 + sizeCode,
  });
  const { manifest } = await renderPages(bytes, { files: services.files, proofId: `season-${sizeCode}`, keys, pool });
  return manifest;
}

/**
 * A small active project for each demo book: Lincoln High School's and the direct school's own
 * (added when the school has none small enough), then other schools' in id order, one per school.
 */
async function chooseProjects(services: Pick<Services, 'db'>, books: DemoBook[]) {
  const { db } = services;
  const small = and(
    eq(projects.isActive, true),
    inArray(projects.typeSize, SMALL_BOOK.sizes),
    inArray(projects.typeBook, SMALL_BOOK.types),
  );
  const candidates = (
    await db
      .select({ project: projects, accountName: accounts.name })
      .from(projects)
      .innerJoin(accounts, eq(accounts.id, projects.accountId))
      .where(small)
      .orderBy(asc(projects.id))
      .limit(200)
  ).filter(
    ({ project }) => (project.pageCount ?? 0) >= SMALL_BOOK.minPages && (project.pageCount ?? 0) <= SMALL_BOOK.maxPages,
  );
  const namedSchool = async (name: string) => {
    const [school] = await db.select().from(accounts).where(eq(accounts.name, name)).limit(1);
    return school ?? null;
  };
  const used = new Set<number>();
  const ownProject = async (accountName: string) => {
    const school = await namedSchool(accountName);
    if (!school) return null;
    used.add(school.id);
    const existing = candidates.find(({ project }) => project.accountId === school.id);
    if (existing) return existing.project;
    const [created] = await db
      .insert(projects)
      .values({
        accountId: school.id,
        name: `${school.name} spring supplement`,
        year: new Date().getUTCFullYear(),
        typeBook: bookType.SoftCoverPerfectBound,
        typeSize: 8,
        pageCount: 24,
      })
      .returning();
    return created ?? null;
  };
  const chosen: (typeof projects.$inferSelect | null)[] = [];
  for (const book of books) {
    if (book.school === 'lincoln') chosen.push(await ownProject('Lincoln High School'));
    else if (book.school === 'direct') chosen.push(await ownProject('Oak Valley High School'));
    else chosen.push(null);
  }
  const seenAccounts = new Set(used);
  for (const [index, book] of books.entries()) {
    if (typeof book.school !== 'number') continue;
    const next = candidates.find(({ project }) => !seenAccounts.has(project.accountId));
    if (!next) continue;
    seenAccounts.add(next.project.accountId);
    chosen[index] = next.project;
  }
  return chosen;
}
