import { proofOperations } from '@colophon/contract';
import { orders, proofFindings, proofs } from '@colophon/db';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { implement } from '../../engine/implement';
import { requestContext } from '../../engine/resource';
import { AppError } from '../../errors';
import type { PageManifest, ProofManifest } from '../../proof-pipeline';
import { approveProof, assertNeedsReview, rejectProof } from './decisions';
import { latestProofsWhere, listProofs, visibleProof } from './query';

/** Signed page images live a day: a review session never sees a link expire. */
const IMAGE_URL_TTL_SECONDS = 24 * 3600;

export async function registerProofRoutes(app: FastifyInstance) {
  const { services } = app;
  const contextOf = (request: FastifyRequest) => requestContext(app, request);

  const signPage = (page: PageManifest) => ({
    page: page.page,
    widthPts: page.widthPts,
    heightPts: page.heightPts,
    thumbUrl: page.thumb ? services.files.signedUrl(page.thumb.key, IMAGE_URL_TTL_SECONDS) : null,
    viewerUrl: page.viewer ? services.files.signedUrl(page.viewer.key, IMAGE_URL_TTL_SECONDS) : null,
    viewerWidth: page.viewer?.width ?? null,
    viewerHeight: page.viewer?.height ?? null,
  });

  const manifestOf = async (manifestKey: string | null, proofId: number): Promise<ProofManifest> => {
    const stored = manifestKey ? await services.files.get(manifestKey) : null;
    if (!stored) throw new AppError('not_found', `Proof ${proofId} has no page images yet.`);
    return JSON.parse(stored.toString('utf8')) as ProofManifest;
  };

  implement(app, proofOperations.list, async function proofList(request) {
    return listProofs(contextOf(request), request.query, request.query);
  });

  implement(app, proofOperations.search, async function proofSearch(request) {
    return listProofs(contextOf(request), request.body, request.body);
  });

  implement(app, proofOperations.readyToOrder, async function readyToOrder(request) {
    return latestProofsWhere(
      contextOf(request),
      sql`${proofs.status} = 3 and not exists (select 1 from ${orders} o where o.project_id = ${proofs.projectId})`,
      request.query,
    );
  });

  implement(app, proofOperations.resubmissionRequired, async function resubmissionRequired(request) {
    return latestProofsWhere(
      contextOf(request),
      sql`(${proofs.status} = 2 or ${proofs.internalStatus} = 7)`,
      request.query,
    );
  });

  implement(app, proofOperations.get, async function proofOf(request) {
    return (await visibleProof(contextOf(request), request.params.id)).item;
  });

  implement(app, proofOperations.findings, async function findingsOfProof(request) {
    const { row } = await visibleProof(contextOf(request), request.params.id);
    const rows = await services.db
      .select()
      .from(proofFindings)
      .where(eq(proofFindings.proofId, row.id))
      .orderBy(sql`${proofFindings.page} nulls first`, asc(proofFindings.id));
    return {
      data: rows.map((finding) => ({
        id: finding.id,
        page: finding.page,
        code: finding.code,
        severity: finding.severity,
        message: finding.message,
        box: finding.box ?? null,
      })),
    };
  });

  implement(app, proofOperations.flipImages, async function signFlipImages(request) {
    const { row } = await visibleProof(contextOf(request), request.params.id);
    const manifest = await manifestOf(row.manifestKey, row.id);
    const wanted = request.query.pages?.length ? new Set(request.query.pages) : null;
    return {
      proofId: row.id,
      pages: manifest.pages.filter((page) => !wanted || wanted.has(page.page)).map(signPage),
    };
  });

  implement(app, proofOperations.manifest, async function parseManifest(request) {
    const { row } = await visibleProof(contextOf(request), request.params.id);
    const manifest = await manifestOf(row.manifestKey, row.id);
    return {
      proofId: row.id,
      pageCount: manifest.pageCount,
      format: manifest.format,
      thumbFormat: manifest.thumbFormat,
      createdAt: manifest.createdAt,
      pages: manifest.pages.map(signPage),
    };
  });

  implement(app, proofOperations.approve, async function approveTheProof(request) {
    const context = contextOf(request);
    return approveProof(services, context, await visibleProof(context, request.params.id), request.body);
  });

  implement(app, proofOperations.reject, async function rejectTheProof(request) {
    const context = contextOf(request);
    const proof = await visibleProof(context, request.params.id);
    assertNeedsReview(proof.row);
    return rejectProof(services, context, proof, { reason: request.body.reason, action: 'rejected' });
  });
}
