import {
  proofCommentCreateSchema,
  proofCommentInternalCreateSchema,
  proofCommentInternalSchema,
  proofCommentInternalUpdateSchema,
  proofCommentSchema,
  proofCommentUpdateSchema,
  proofInternalActionCreateSchema,
  proofInternalActionSchema,
  proofInternalActionUpdateSchema,
  proofReviewerCreateSchema,
  proofReviewerSchema,
  proofReviewerUpdateSchema,
} from './proofs';
import { defineResourceContract } from './resource-contract';

/**
 * A proof's review collections: `/api/proofs/:id/<name>` and `/api/proofs/:id/<name>/:childId`, each
 * listed whole (`{ data }`), oldest first, without filters or a GET of one. Only the author (or a
 * super administrator) changes a comment or an action; reviewers, anyone who may comment.
 */
const underProof = {
  filters: {},
  sorts: ['id'],
  defaultSort: 'id',
  parent: { name: 'proofs', param: 'id', itemParam: 'childId' },
  listAll: true,
  offers: ['list', 'create', 'update', 'delete'],
} as const;
const commenters = { read: 'proofs.view', write: 'proofs.comment' } as const;
/** Staff only: reading needs `proofs.internal` too. */
const staff = { read: 'proofs.internal', write: 'proofs.internal' } as const;

export const proofReviewersContract = defineResourceContract({
  ...underProof,
  name: 'proof_reviewers',
  label: 'Reviewer',
  item: proofReviewerSchema,
  create: proofReviewerCreateSchema,
  update: proofReviewerUpdateSchema,
  permission: commenters,
});

export const proofCommentsContract = defineResourceContract({
  ...underProof,
  name: 'proof_comments',
  label: 'Comment',
  item: proofCommentSchema,
  create: proofCommentCreateSchema,
  update: proofCommentUpdateSchema,
  permission: commenters,
});

/** Internal comments never appear among the comments. */
export const proofCommentInternalsContract = defineResourceContract({
  ...underProof,
  name: 'proof_comment_internals',
  label: 'Internal comment',
  item: proofCommentInternalSchema,
  create: proofCommentInternalCreateSchema,
  update: proofCommentInternalUpdateSchema,
  permission: staff,
});

/** The proof's history, oldest first; an action with an internal status moves the proof's. */
export const proofInternalActionsContract = defineResourceContract({
  ...underProof,
  name: 'proof_internal_actions',
  label: 'Internal action',
  item: proofInternalActionSchema,
  create: proofInternalActionCreateSchema,
  update: proofInternalActionUpdateSchema,
  sorts: ['createdAt'],
  defaultSort: 'createdAt',
  permission: staff,
});
