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
 * listed whole (`{ data }`), without a GET of one. Only the author (or a super administrator) changes
 * a comment or an action; reviewers, anyone who may comment.
 */
const parent = { name: 'proofs', param: 'id', itemParam: 'childId' } as const;
const offers = ['list', 'create', 'update', 'delete'] as const;

export const proofReviewersContract = defineResourceContract({
  name: 'proof_reviewers',
  label: 'Reviewer',
  item: proofReviewerSchema,
  create: proofReviewerCreateSchema,
  update: proofReviewerUpdateSchema,
  filters: {},
  sorts: ['id'],
  defaultSort: 'id',
  parent,
  listAll: true,
  offers,
  permission: { read: 'proofs.view', write: 'proofs.comment' },
});

export const proofCommentsContract = defineResourceContract({
  name: 'proof_comments',
  label: 'Comment',
  item: proofCommentSchema,
  create: proofCommentCreateSchema,
  update: proofCommentUpdateSchema,
  filters: {},
  sorts: ['id'],
  defaultSort: 'id',
  parent,
  listAll: true,
  offers,
  permission: { read: 'proofs.view', write: 'proofs.comment' },
});

/** Staff only: reading needs `proofs.internal` too, and they never appear among the comments. */
export const proofCommentInternalsContract = defineResourceContract({
  name: 'proof_comment_internals',
  label: 'Internal comment',
  item: proofCommentInternalSchema,
  create: proofCommentInternalCreateSchema,
  update: proofCommentInternalUpdateSchema,
  filters: {},
  sorts: ['id'],
  defaultSort: 'id',
  parent,
  listAll: true,
  offers,
  permission: { read: 'proofs.internal', write: 'proofs.internal' },
});

/** The proof's history, oldest first; an action with an internal status moves the proof's. */
export const proofInternalActionsContract = defineResourceContract({
  name: 'proof_internal_actions',
  label: 'Internal action',
  item: proofInternalActionSchema,
  create: proofInternalActionCreateSchema,
  update: proofInternalActionUpdateSchema,
  filters: {},
  sorts: ['createdAt'],
  defaultSort: 'createdAt',
  parent,
  listAll: true,
  offers,
  permission: { read: 'proofs.internal', write: 'proofs.internal' },
});
