import { type MobileYearbook, mobileYearbookPages, openMobileYearbook } from '@colophon/contract';
import { accounts, digitalYearbookAccess, projects, proofs } from '@colophon/db';
import {
  accessCodePrefix,
  MOBILE_YEARBOOK_MESSAGES,
  MOBILE_YEARBOOK_TOKEN_TTL_SECONDS,
  normalizeAccessCode,
  proofStatus,
  schoolYearOfStoreYear,
} from '@colophon/domain';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../context';
import { implement } from '../../engine/implement';
import { AppError } from '../../errors';
import type { PageManifest, ProofManifest } from '../../proof-pipeline';
import { countHit, requireHitLeft, takeHit } from '../../rate-limit';
import { accessCodeHash, accessRowsById, readingToken, readReadingToken } from './access';

/*
 * The public mobile yearbook (issue 15): a code from a receipt opens the school's approved book. Every
 * try counts against the caller's address; a wrong code counts as a miss for the address and for the
 * code's first four symbols, so guesses spread over many addresses still run out.
 */

type AccessRow = typeof digitalYearbookAccess.$inferSelect;
type ProofRow = typeof proofs.$inferSelect;

const codeError = (code: 'validation' | 'not_found', message: string) =>
  new AppError(code, message, { errors: [{ path: 'code', message }] });

const bookNotFound = () => new AppError('not_found', 'This yearbook was not found.');

/** The book a code opens: the project's latest approved pages proof that has its page images. */
async function bookOf(services: Services, access: AccessRow): Promise<ProofRow> {
  if (access.projectId === null) throw new AppError('conflict', MOBILE_YEARBOOK_MESSAGES.notReady);
  const [proof] = await services.db
    .select()
    .from(proofs)
    .where(
      and(
        eq(proofs.projectId, access.projectId),
        eq(proofs.kind, 'pages'),
        eq(proofs.status, proofStatus.Approved),
        isNotNull(proofs.manifestKey),
      ),
    )
    .orderBy(desc(proofs.roundNumber), desc(proofs.id))
    .limit(1);
  if (!proof) throw new AppError('conflict', MOBILE_YEARBOOK_MESSAGES.notReady);
  return proof;
}

async function manifestOf(services: Services, proof: ProofRow): Promise<ProofManifest> {
  const stored = proof.manifestKey ? await services.files.get(proof.manifestKey) : null;
  if (!stored) throw new AppError('conflict', MOBILE_YEARBOOK_MESSAGES.notReady);
  return JSON.parse(stored.toString('utf8')) as ProofManifest;
}

function signerOf(services: Services, seconds: number) {
  return (page: PageManifest) => ({
    page: page.page,
    widthPts: page.widthPts,
    heightPts: page.heightPts,
    thumbUrl: page.thumb ? services.files.signedUrl(page.thumb.key, seconds) : null,
    viewerUrl: page.viewer ? services.files.signedUrl(page.viewer.key, seconds) : null,
    viewerWidth: page.viewer?.width ?? null,
    viewerHeight: page.viewer?.height ?? null,
  });
}

/** The code's access row, counting a miss (address and prefix) when there is none. */
async function accessOfCode(services: Services, code: string, ip: string): Promise<AccessRow> {
  await takeHit(services, 'mobileYearbookOpen', ip);
  await requireHitLeft(services, 'mobileYearbookMiss', ip);
  const normal = normalizeAccessCode(code);
  const hash = accessCodeHash(code);
  if (!normal || !hash) {
    await countHit(services, 'mobileYearbookMiss', ip);
    throw codeError('validation', MOBILE_YEARBOOK_MESSAGES.malformedCode);
  }
  const prefix = accessCodePrefix(normal);
  await requireHitLeft(services, 'mobileYearbookPrefixMiss', prefix);
  const [access] = await services.db
    .select()
    .from(digitalYearbookAccess)
    .where(eq(digitalYearbookAccess.codeHash, hash));
  if (!access) {
    await countHit(services, 'mobileYearbookMiss', ip);
    await countHit(services, 'mobileYearbookPrefixMiss', prefix);
    throw codeError('not_found', MOBILE_YEARBOOK_MESSAGES.unknownCode);
  }
  if (access.revokedAt) throw new AppError('gone', MOBILE_YEARBOOK_MESSAGES.revoked);
  return access;
}

export async function openYearbook(services: Services, code: string, ip: string): Promise<MobileYearbook> {
  const access = await accessOfCode(services, code, ip);
  const proof = await bookOf(services, access);
  const manifest = await manifestOf(services, proof);
  const [book] = await services.db
    .select({ title: projects.name, year: projects.year, schoolName: accounts.name })
    .from(projects)
    .innerJoin(accounts, eq(accounts.id, projects.accountId))
    .where(eq(projects.id, proof.projectId));
  const now = services.clock.now();
  const expires = Math.floor(now.getTime() / 1000) + MOBILE_YEARBOOK_TOKEN_TTL_SECONDS;
  await services.db
    .update(digitalYearbookAccess)
    .set({ lastOpenedAt: now, openCount: sql`${digitalYearbookAccess.openCount} + 1` })
    .where(eq(digitalYearbookAccess.id, access.id));
  const title = book?.title ?? 'Yearbook';
  return {
    token: readingToken(services.tokenSecret, access.id, proof.id, expires),
    expiresAt: new Date(expires * 1000).toISOString(),
    proofId: proof.id,
    title,
    schoolName: book?.schoolName ?? '',
    schoolYear: book ? schoolYearOfStoreYear(book.year) : '',
    pageCount: manifest.pageCount,
    pages: manifest.pages.map(signerOf(services, MOBILE_YEARBOOK_TOKEN_TTL_SECONDS)),
    epub: proof.epubKey
      ? {
          url: services.files.signedUrl(proof.epubKey, MOBILE_YEARBOOK_TOKEN_TTL_SECONDS, {
            downloadName: `${title.replace(/[^\w .-]+/g, '').trim() || 'Yearbook'}.epub`,
          }),
          fileName: `${title.replace(/[^\w .-]+/g, '').trim() || 'Yearbook'}.epub`,
        }
      : null,
  };
}

export async function registerMobileYearbookRoutes(app: FastifyInstance) {
  const { services } = app;

  implement(app, openMobileYearbook, async function openMobileYearbookWithCode(request) {
    return openYearbook(services, request.body.code, request.ip);
  });

  implement(app, mobileYearbookPages, async function signMobileYearbookPages(request) {
    const token = readReadingToken(services.tokenSecret, request.query.token, services.clock.now());
    if (!token) throw new AppError('unauthenticated', MOBILE_YEARBOOK_MESSAGES.expiredToken);
    // The token opens the one book it names: any other is as if it did not exist.
    if (token.proofId !== request.params.proofId) throw bookNotFound();
    const [access] = await accessRowsById(services.db, [token.accessId]);
    if (!access) throw bookNotFound();
    if (access.revokedAt) throw new AppError('gone', MOBILE_YEARBOOK_MESSAGES.revoked);
    const [proof] = await services.db.select().from(proofs).where(eq(proofs.id, token.proofId));
    if (!proof) throw bookNotFound();
    const manifest = await manifestOf(services, proof);
    const wanted = request.query.pages?.length ? new Set(request.query.pages) : null;
    const seconds = Math.max(1, token.expires - Math.floor(services.clock.now().getTime() / 1000));
    return {
      proofId: proof.id,
      expiresAt: new Date(token.expires * 1000).toISOString(),
      pages: manifest.pages.filter((page) => !wanted || wanted.has(page.page)).map(signerOf(services, seconds)),
    };
  });
}
