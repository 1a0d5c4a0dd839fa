import { z } from 'zod';
import { idParamsSchema, problemResponses } from './common';
import { defineOperation } from './operation';
import {
  flipImagesQuerySchema,
  flipImagesSchema,
  proofApproveBodySchema,
  proofCreateSchema,
  proofFindingSchema,
  proofListQuerySchema,
  proofListSchema,
  proofRejectBodySchema,
  proofSchema,
  proofSearchBodySchema,
  proofShortListQuerySchema,
  proofUpdateSchema,
  signedManifestSchema,
} from './proofs';

const tags = ['proofs'] as const;
const shortList = z.object({ data: z.array(proofSchema) });

/** A proof's calls that are not a resource's five: lists, its page images, the decisions (`call(proofOperations.approve, …)`). */
export const proofOperations = {
  list: defineOperation({
    method: 'GET',
    path: '/api/proofs',
    query: proofListQuerySchema,
    responses: { 200: proofListSchema },
    permission: 'proofs.view',
    summary: "List proofs of the caller's accounts",
    tags,
  }),
  search: defineOperation({
    method: 'POST',
    path: '/api/proofs/get/get_proofs_post',
    body: proofSearchBodySchema,
    responses: { 200: proofListSchema },
    permission: 'proofs.view',
    summary: 'Search proofs with a body of filters',
    tags,
  }),
  readyToOrder: defineOperation({
    method: 'GET',
    path: '/api/proofs/list/ready_to_order',
    query: proofShortListQuerySchema,
    responses: { 200: shortList },
    permission: 'proofs.view',
    summary: 'Projects whose latest proof is approved and that have no order yet',
    tags,
  }),
  resubmissionRequired: defineOperation({
    method: 'GET',
    path: '/api/proofs/list/resubmission_required',
    query: proofShortListQuerySchema,
    responses: { 200: shortList },
    permission: 'proofs.view',
    summary: 'Projects whose latest proof was rejected or is being resubmitted',
    tags,
  }),
  get: defineOperation({
    method: 'GET',
    path: '/api/proofs/:id',
    params: idParamsSchema,
    responses: { 200: proofSchema },
    permission: 'proofs.view',
    summary: 'One proof',
    tags,
  }),
  findings: defineOperation({
    method: 'GET',
    path: '/api/proofs/:id/findings',
    params: idParamsSchema,
    responses: { 200: z.object({ data: z.array(proofFindingSchema) }) },
    permission: 'proofs.view',
    summary: "The preflight's findings, by page (boxes in points from the page's top-left)",
    tags,
  }),
  flipImages: defineOperation({
    method: 'GET',
    path: '/api/proofs/:id/s3_sign_flip_images',
    params: idParamsSchema,
    query: flipImagesQuerySchema,
    responses: { 200: flipImagesSchema },
    permission: 'proofs.view',
    summary: 'Signed URLs of the page images (thumbnail and viewer size) for the flipbook',
    tags,
  }),
  manifest: defineOperation({
    method: 'GET',
    path: '/api/proofs/:id/s3_parse_manifest',
    params: idParamsSchema,
    responses: { 200: signedManifestSchema },
    permission: 'proofs.view',
    summary: "The proof's page manifest, with signed image URLs",
    tags,
  }),
  approve: defineOperation({
    method: 'POST',
    path: '/api/proofs/:id/approve',
    params: idParamsSchema,
    body: proofApproveBodySchema,
    responses: { 200: proofSchema, ...problemResponses(409) },
    permission: 'proofs.approve',
    summary:
      'Approve the proof for print: the order button turns on for those who may order. With preflight errors, acknowledgedFindingIds must list them all (409 otherwise)',
    tags,
  }),
  reject: defineOperation({
    method: 'POST',
    path: '/api/proofs/:id/reject',
    params: idParamsSchema,
    body: proofRejectBodySchema,
    responses: { 200: proofSchema, ...problemResponses(409) },
    permission: 'proofs.approve',
    summary: 'Reject the proof with a reason: the book is unlocked for edits',
    tags,
  }),
  /**
   * The record editor's proof calls (issue 15), super administrators only, each with a reason in
   * `x-change-reason` (400 naming it without one) kept in the audit row.
   */
  create: defineOperation({
    method: 'POST',
    path: '/api/proofs',
    body: proofCreateSchema,
    responses: { 201: proofSchema, ...problemResponses(400) },
    permission: 'super.records',
    summary: 'Create a proof row (no file: files come through uploads), giving a reason in x-change-reason',
    tags,
  }),
  update: defineOperation({
    method: 'PUT',
    path: '/api/proofs/:id',
    params: idParamsSchema,
    body: proofUpdateSchema,
    responses: { 200: proofSchema, ...problemResponses(400, 404) },
    permission: 'super.records',
    summary: "Change a proof's status, round, page count or decision fields, giving a reason in x-change-reason",
    tags,
  }),
  remove: defineOperation({
    method: 'DELETE',
    path: '/api/proofs/:id',
    params: idParamsSchema,
    responses: { 200: proofSchema, ...problemResponses(400, 404, 409) },
    permission: 'super.records',
    summary: 'Delete a proof and its review (409 while orders were placed from it), giving a reason in x-change-reason',
    tags,
  }),
};
