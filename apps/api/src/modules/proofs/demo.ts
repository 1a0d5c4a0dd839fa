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
import { and, asc, count, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Services } from '../../context';
import { type BookFaults, makeBook } from '../../proof-pipeline/fixtures/make-book';
import { enqueue } from '../../queue';
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
  status: 1 | 2 | 3;
  internalStatus: number;
  daysAgo: number;
  rejectReason?: string;
  decidedBy?: Speaker;
  reviewers?: { by: Speaker; status: 1 | 2 | 3 | null; note?: string }[];
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
        status: 2,
        internalStatus: 7,
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
        actions: [{ by: 'studioadmin', action: 'studio contacted', internalStatus: 6, note: 'Phoned about page 2.' }],
      },
      {
        faults: {},
        status: 1,
        internalStatus: 1,
        daysAgo: 2,
        reviewers: [
          { by: 'adviser', status: null },
          { by: 'volunteer', status: 3, note: 'Names on the club pages are all correct.' },
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
        status: 1,
        internalStatus: 6,
        daysAgo: 4,
        comments: [{ by: 'direct', body: 'Do the RGB warnings matter for us?' }],
        internalComments: [{ by: 'studioadmin', body: 'Colours will shift slightly; advised converting to CMYK.' }],
        actions: [{ by: 'studioadmin', action: 'studio contacted', internalStatus: 6 }],
      },
    ],
  },
  {
    school: 0,
    rounds: [
      {
        faults: { pageCountDelta: 4 },
        status: 1,
        internalStatus: 5,
        daysAgo: 3,
        internalComments: [{ by: 'contact', body: 'Four extra pages: asked whether they are adding a signature.' }],
        actions: [{ by: 'contact', action: 'review started', internalStatus: 5 }],
      },
    ],
  },
  {
    school: 1,
    rounds: [
      {
        faults: { lowResolution: 'marginal' },
        status: 3,
        internalStatus: 8,
        daysAgo: 12,
        decidedBy: 'owner',
        comments: [{ by: 'owner', body: 'Approved as is; the school accepts the softer photo on page 2.' }],
        actions: [{ by: 'owner', action: 'customer approves as is', internalStatus: 8 }],
      },
    ],
  },
  {
    school: 2,
    rounds: [{ faults: {}, status: 3, internalStatus: 3, daysAgo: 20, decidedBy: 'owner' }],
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

/** Trim sizes the generator and the preflight both know, for small books that process in seconds. */
const SMALL_BOOK = { sizes: [5, 8, 9, 11], minPages: 16, maxPages: 48, types: [1, 2, 3, 4, 5, 6] };

/** Runs once: only while no proof has a file and no proof job is queued. Returns the proofs queued. */
export async function enqueueDemoProofs(services: Pick<Services, 'db' | 'files'>): Promise<number> {
  const { db } = services;
  const [withFiles] = await db.select({ n: count() }).from(proofs).where(isNotNull(proofs.fileKey));
  const [queued] = await db.select({ n: count() }).from(queueProofs);
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
      });
      const fileKey = `uploads/${randomUUID()}.pdf`;
      await services.files.put(fileKey, Buffer.from(bytes), 'application/pdf');
      const createdAt = new Date(Date.now() - round.daysAgo * DAY);
      const decided = round.status !== 1;
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
          unlockedForEdits: round.status === 2,
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
          internalStatus: 1,
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
                action: round.status === 3 ? 'approved' : 'rejected',
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
        typeBook: 3,
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
