import { projects, proofInternalActions, proofs } from '@colophon/db';
import {
  checkNames,
  internalProofStatus,
  type ProofTextPage,
  proofStatus,
  type RosterNameEntry,
} from '@colophon/domain';
import { accountOfLargestRoster, type RosterName, rosterNamesOfAccount } from '@colophon/roster';
import { and, desc, eq, sql } from 'drizzle-orm';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { Services } from '../../context';
import { trimSizes } from '../../proof-pipeline';
import { enqueue } from '../../queue';
import type { ProofJobPayload } from './workers';

/**
 * The name check's demo (issue 16): a student directory of a school's roster, generated from the
 * names in the database whatever they are, with exactly three names misspelt and a few students left
 * out, so its name check shows three findings and a list of missing students.
 */

const COLUMNS = 4;
const ROWS = 18;
const MARGIN = 54;
const FONT_SIZE = 9;
/** A demo book stays small enough to be drawn in seconds; students beyond it are missing too. */
const MAX_PAGES = 30;

export interface NamesBookPlan {
  /** The names as printed, in page order. */
  printed: string[];
  /** The three names printed misspelt: who, as printed, and the roster's spelling. */
  misspelt: { individualId: string; printed: string; intended: string }[];
  /** Students deliberately left out (the rest beyond the book's pages are missing as well). */
  leftOut: string[];
}

/** "Smtih" for "Smith": two neighbouring letters inside the word swapped (one edit away). */
function swapInside(word: string, at: number): string | null {
  if (at + 2 >= word.length) return null;
  const letters = [...word];
  const [a, b] = [letters[at], letters[at + 1]];
  if (!a || !b || a.toLowerCase() === b.toLowerCase()) return null;
  letters[at] = b;
  letters[at + 1] = a;
  return letters.join('');
}

const lone = (str: string): ProofTextPage[] => [
  { pageNumber: 1, width: 612, height: 792, items: [{ str, x: 72, y: 72, width: str.length * 5, height: 9 }] },
];

/**
 * Which students the directory prints, which three it misspells and which it leaves out. A
 * misspelling is kept only when the name check takes it for that one student (not for another
 * name of the roster, nor for nobody), so the demo shows exactly three findings.
 */
export function planNamesBook(people: readonly RosterName[], options: { leaveOut?: number } = {}): NamesBookPlan {
  const students = people
    .filter((person) => person.role === 'student')
    .sort(
      (left, right) =>
        left.familyName.localeCompare(right.familyName) ||
        left.givenName.localeCompare(right.givenName) ||
        Number(left.individualId) - Number(right.individualId),
    );
  const capacity = MAX_PAGES * COLUMNS * ROWS;
  const leaveOut = options.leaveOut ?? 7;
  // Spread through the alphabet: every n-th student is left out.
  const step = Math.max(2, Math.floor(Math.min(students.length, capacity) / (leaveOut + 1)));
  const leftOut = new Set<string>();
  for (let index = step; index < students.length && leftOut.size < leaveOut; index += step) {
    const student = students[index];
    if (student) leftOut.add(student.individualId);
  }
  const roster: RosterNameEntry[] = [...people];
  const misspelt = new Map<string, { individualId: string; printed: string; intended: string }>();
  // A stride through the list (coprime with most lengths), so the findings land on different pages.
  const stride = students.length % 37 === 0 ? 41 : 37;
  for (let tried = 0; misspelt.size < 3 && tried < students.length; tried += 1) {
    const student = students[(Math.floor(students.length / 5) + tried * stride) % students.length];
    if (!student || leftOut.has(student.individualId) || misspelt.has(student.individualId)) continue;
    const given = student.preferredName || student.givenName;
    for (let at = 1; at < student.familyName.length; at += 1) {
      const family = swapInside(student.familyName, at);
      if (!family) continue;
      const printed = `${given} ${family}`;
      const { findings } = checkNames(lone(printed), roster);
      const [only] = findings;
      if (findings.length === 1 && only?.individualId === student.individualId && only.alternatives.length === 0) {
        misspelt.set(student.individualId, { individualId: student.individualId, printed, intended: only.intended });
        break;
      }
    }
  }
  const printed: string[] = [];
  for (const student of students) {
    if (printed.length >= capacity) break;
    if (leftOut.has(student.individualId)) continue;
    printed.push(
      misspelt.get(student.individualId)?.printed ??
        `${student.preferredName || student.givenName} ${student.familyName}`,
    );
  }
  return { printed, misspelt: [...misspelt.values()], leftOut: [...leftOut] };
}

/**
 * The directory as a PDF (pdf-lib, Helvetica): a heading and four columns of names a page, set far
 * enough apart that the name check reads each caption on its own.
 */
export async function makeNamesBook(printed: readonly string[], options: { sizeCode?: number; title?: string } = {}) {
  const trim = trimSizes[options.sizeCode ?? 8] ?? { width: 8.5, height: 11 };
  const [width, height] = [trim.width * 72, trim.height * 72];
  const doc = await PDFDocument.create();
  doc.setTitle(options.title ?? 'Student directory');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const perPage = COLUMNS * ROWS;
  const columnWidth = (width - 2 * MARGIN) / COLUMNS;
  const rowHeight = (height - 2 * MARGIN - 40) / ROWS;
  const pages = Math.max(1, Math.ceil(printed.length / perPage));
  for (let pageIndex = 0; pageIndex < pages; pageIndex += 1) {
    const page = doc.addPage([width, height]);
    page.drawText(`${options.title ?? 'Student directory'} \u2014 ${pageIndex + 1}`, {
      x: MARGIN,
      y: height - MARGIN - 14,
      size: 14,
      font: bold,
    });
    for (let slot = 0; slot < perPage; slot += 1) {
      const name = printed[pageIndex * perPage + slot];
      if (!name) break;
      const column = Math.floor(slot / ROWS);
      const row = slot % ROWS;
      const x = MARGIN + column * columnWidth;
      const top = height - MARGIN - 40 - row * rowHeight;
      // A grey frame where the portrait goes, the caption under it.
      page.drawRectangle({
        x,
        y: top - rowHeight + FONT_SIZE + 6,
        width: 18,
        height: rowHeight - FONT_SIZE - 10,
        color: rgb(0.85, 0.85, 0.85),
      });
      const size = Math.min(FONT_SIZE, (FONT_SIZE * (columnWidth - 16)) / font.widthOfTextAtSize(name, FONT_SIZE));
      page.drawText(name, { x: x + 24, y: top - rowHeight / 2, size, font });
    }
  }
  return doc.save();
}

/** Where the demo's directory is kept: one per school account, so the demo makes it once. */
const fileKeyOf = (accountId: number) => `uploads/demo-name-check-${accountId}.pdf`;

/**
 * Queues the name check's demo proof: for the demo's roster school with the most students, a
 * directory of its names (three misspelt, some left out) as a new round of that school's latest
 * project, processed by the proofs worker like any upload. Does nothing when no school has a roster
 * or the proof exists already. Returns the proof's id, or null.
 */
export async function enqueueNameCheckDemoProof(services: Pick<Services, 'db' | 'files'>): Promise<number | null> {
  const { db, files } = services;
  const accountId = await accountOfLargestRoster(db);
  if (!accountId) return null;
  const fileKey = fileKeyOf(accountId);
  const [existing] = await db.select({ id: proofs.id }).from(proofs).where(eq(proofs.fileKey, fileKey)).limit(1);
  if (existing) return null;
  const [project] = await db
    .select()
    .from(projects)
    .where(eq(projects.accountId, accountId))
    .orderBy(desc(projects.year), desc(projects.id))
    .limit(1);
  const roster = await rosterNamesOfAccount(db, accountId);
  if (!project || !roster) return null;
  const plan = planNamesBook(roster.people);
  const bytes = await makeNamesBook(plan.printed, { sizeCode: project.typeSize ?? 8, title: 'Student directory' });
  await files.put(fileKey, Buffer.from(bytes), 'application/pdf');
  const [rounds] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(proofs)
    .where(and(eq(proofs.projectId, project.id), eq(proofs.kind, 'pages')));
  const [proof] = await db
    .insert(proofs)
    .values({
      projectId: project.id,
      status: proofStatus.NeedsReview,
      internalStatus: internalProofStatus.AwaitingReview,
      roundNumber: (rounds?.n ?? 0) + 1,
      kind: 'pages',
      fileKey,
      uploadedBy: project.createdByUserId,
      pageCount: Math.ceil(plan.printed.length / (COLUMNS * ROWS)),
    })
    .returning({ id: proofs.id, roundNumber: proofs.roundNumber });
  if (!proof) return null;
  await db.insert(proofInternalActions).values({
    proofId: proof.id,
    action: 'uploaded',
    internalStatus: internalProofStatus.AwaitingReview,
    note: `Round ${proof.roundNumber} (pages) uploaded: the student directory, checked against the roster`,
  });
  await enqueue<ProofJobPayload>(db, 'proofs', { proofId: proof.id });
  return proof.id;
}
