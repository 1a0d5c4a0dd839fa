import {
  flipImagesQuerySchema,
  flipImagesSchema,
  idParamsSchema,
  problemResponses,
  proofApproveBodySchema,
  proofFindingSchema,
  proofListQuerySchema,
  proofListSchema,
  proofRejectBodySchema,
  proofSchema,
  proofSearchBodySchema,
  proofShortListQuerySchema,
  signedManifestSchema,
} from '@colophon/contract';
import { orders, proofFindings, proofs } from '@colophon/db';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestContext } from '../../engine/resource';
import { AppError } from '../../errors';
import type { PageManifest, ProofManifest } from '../../proof-pipeline';
import { approveProof, assertNeedsReview, rejectProof } from './decisions';
import { latestProofsWhere, listProofs, visibleProof } from './query';

const problems = problemResponses(400, 401, 403, 404);
const tags = ['proofs'];

/** Signed page images live a day: a review session never sees a link expire. */
const IMAGE_URL_TTL_SECONDS = 24 * 3600;

export async function registerProofRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
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

  routes.get(
    '/api/proofs',
    {
      config: { permission: 'proofs.view' },
      schema: {
        tags,
        summary: "List proofs of the caller's accounts",
        querystring: proofListQuerySchema,
        response: { 200: proofListSchema, ...problems },
      },
    },
    async (request) => listProofs(contextOf(request), request.query, request.query),
  );

  routes.post(
    '/api/proofs/get/get_proofs_post',
    {
      config: { permission: 'proofs.view' },
      schema: {
        tags,
        summary: 'Search proofs with a body of filters',
        body: proofSearchBodySchema,
        response: { 200: proofListSchema, ...problems },
      },
    },
    async (request) => listProofs(contextOf(request), request.body, request.body),
  );

  routes.get(
    '/api/proofs/list/ready_to_order',
    {
      config: { permission: 'proofs.view' },
      schema: {
        tags,
        summary: 'Projects whose latest proof is approved and that have no order yet',
        querystring: proofShortListQuerySchema,
        response: { 200: z.object({ data: z.array(proofSchema) }), ...problems },
      },
    },
    async (request) =>
      latestProofsWhere(
        contextOf(request),
        sql`${proofs.status} = 3 and not exists (select 1 from ${orders} o where o.project_id = ${proofs.projectId})`,
        request.query,
      ),
  );

  routes.get(
    '/api/proofs/list/resubmission_required',
    {
      config: { permission: 'proofs.view' },
      schema: {
        tags,
        summary: 'Projects whose latest proof was rejected or is being resubmitted',
        querystring: proofShortListQuerySchema,
        response: { 200: z.object({ data: z.array(proofSchema) }), ...problems },
      },
    },
    async (request) =>
      latestProofsWhere(contextOf(request), sql`(${proofs.status} = 2 or ${proofs.internalStatus} = 7)`, request.query),
  );

  routes.get(
    '/api/proofs/:id',
    {
      config: { permission: 'proofs.view' },
      schema: {
        tags,
        summary: 'One proof',
        params: idParamsSchema,
        response: { 200: proofSchema, ...problems },
      },
    },
    async (request) => (await visibleProof(contextOf(request), request.params.id)).item,
  );

  routes.get(
    '/api/proofs/:id/findings',
    {
      config: { permission: 'proofs.view' },
      schema: {
        tags,
        summary: "The preflight's findings, by page (boxes in points from the page's top-left)",
        params: idParamsSchema,
        response: { 200: z.object({ data: z.array(proofFindingSchema) }), ...problems },
      },
    },
    async function findingsOfProof(request) {
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
    },
  );

  routes.get(
    '/api/proofs/:id/s3_sign_flip_images',
    {
      config: { permission: 'proofs.view' },
      schema: {
        tags,
        summary: 'Signed URLs of the page images (thumbnail and viewer size) for the flipbook',
        params: idParamsSchema,
        querystring: flipImagesQuerySchema,
        response: { 200: flipImagesSchema, ...problems },
      },
    },
    async function signFlipImages(request) {
      const { row } = await visibleProof(contextOf(request), request.params.id);
      const manifest = await manifestOf(row.manifestKey, row.id);
      const wanted = request.query.pages?.length ? new Set(request.query.pages) : null;
      return {
        proofId: row.id,
        pages: manifest.pages.filter((page) => !wanted || wanted.has(page.page)).map(signPage),
      };
    },
  );

  routes.get(
    '/api/proofs/:id/s3_parse_manifest',
    {
      config: { permission: 'proofs.view' },
      schema: {
        tags,
        summary: "The proof's page manifest, with signed image URLs",
        params: idParamsSchema,
        response: { 200: signedManifestSchema, ...problems },
      },
    },
    async function parseManifest(request) {
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
    },
  );

  routes.post(
    '/api/proofs/:id/approve',
    {
      config: { permission: 'proofs.approve' },
      schema: {
        tags,
        summary:
          'Approve the proof for print: the order button turns on for those who may order. With preflight errors, acknowledgedFindingIds must list them all (409 otherwise)',
        params: idParamsSchema,
        body: proofApproveBodySchema,
        response: { 200: proofSchema, ...problemResponses(400, 401, 403, 404, 409) },
      },
    },
    async function approveTheProof(request) {
      const context = contextOf(request);
      return approveProof(services, context, await visibleProof(context, request.params.id), request.body);
    },
  );

  routes.post(
    '/api/proofs/:id/reject',
    {
      config: { permission: 'proofs.approve' },
      schema: {
        tags,
        summary: 'Reject the proof with a reason: the book is unlocked for edits',
        params: idParamsSchema,
        body: proofRejectBodySchema,
        response: { 200: proofSchema, ...problemResponses(400, 401, 403, 404, 409) },
      },
    },
    async function rejectTheProof(request) {
      const context = contextOf(request);
      const proof = await visibleProof(context, request.params.id);
      assertNeedsReview(proof.row);
      return rejectProof(services, context, proof, { reason: request.body.reason, action: 'rejected' });
    },
  );
}
