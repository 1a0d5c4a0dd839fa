import type {
  flipImagesSchema,
  ListEnvelope,
  Project,
  Proof,
  ProofCompare,
  proofApproveBodySchema,
  proofCommentCreateSchema,
  proofCommentInternalCreateSchema,
  proofCommentInternalSchema,
  proofCommentSchema,
  proofCommentUpdateSchema,
  proofFindingSchema,
  proofInternalActionCreateSchema,
  proofInternalActionSchema,
  proofRejectBodySchema,
  proofReviewerCreateSchema,
  proofReviewerSchema,
  proofReviewerUpdateSchema,
  User,
} from '@colophon/contract';
import { type Filters, proofProcessingStatus } from '@colophon/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { createQueryKeys, useInvalidatingMutation } from '../../lib/resource';

export type ProofFinding = z.infer<typeof proofFindingSchema>;
export type FlipImages = z.infer<typeof flipImagesSchema>;
export type ProofReviewer = z.infer<typeof proofReviewerSchema>;
export type ProofComment = z.infer<typeof proofCommentSchema>;
export type ProofInternalComment = z.infer<typeof proofCommentInternalSchema>;
export type ProofInternalAction = z.infer<typeof proofInternalActionSchema>;
export type ProofCommentBody = z.output<typeof proofCommentCreateSchema>;
export type ProofCommentUpdateBody = z.output<typeof proofCommentUpdateSchema>;
export type ProofInternalCommentBody = z.output<typeof proofCommentInternalCreateSchema>;
export type ProofInternalActionBody = z.output<typeof proofInternalActionCreateSchema>;
export type ProofReviewerBody = z.output<typeof proofReviewerCreateSchema>;
export type ProofReviewerUpdateBody = z.output<typeof proofReviewerUpdateSchema>;
export type ProofApproveBody = z.output<typeof proofApproveBodySchema>;
export type ProofRejectBody = z.output<typeof proofRejectBodySchema>;

/** `proofs` keys: `all / lists / list(query) / details / detail(id)`; everything of one proof hangs under its detail. */
export const proofKeys = createQueryKeys('proofs');
/** The projects feature's keys: a decision on a proof refreshes its project too. */
const projectKeys = createQueryKeys('projects');

/** Queued or processing: the proof is still being worked on, so its page asks again. */
export const isProcessing = (proof: Pick<Proof, 'processingStatus'>) =>
  proof.processingStatus === proofProcessingStatus.Queued ||
  proof.processingStatus === proofProcessingStatus.Processing;
const PROCESSING_POLL_MS = 3_000;

export const proofListOptions = (query: Filters) =>
  queryOptions({
    queryKey: proofKeys.list(query),
    queryFn: ({ signal }) => api.get<ListEnvelope<Proof>>('/proofs', query, signal),
    placeholderData: keepPreviousData,
  });
export const useProofList = (query: Filters, enabled = true) => useQuery({ ...proofListOptions(query), enabled });

export type ShortList = 'ready_to_order' | 'resubmission_required';

/** `proofs/list/ready_to_order` and `…/resubmission_required`: the latest proof of each project (at most 500). */
export function useShortList(list: ShortList | null, filters: { year?: number; parentId?: number }) {
  return useQuery({
    queryKey: [...proofKeys.lists(), list, filters],
    queryFn: ({ signal }) => api.get<{ data: Proof[] }>(`/proofs/list/${list}`, filters, signal),
    enabled: list !== null,
    placeholderData: keepPreviousData,
  });
}

/** One proof; asked for again every few seconds while it is being processed. */
export function useProof(id: number) {
  return useQuery({
    queryKey: proofKeys.detail(id),
    queryFn: ({ signal }) => api.get<Proof>(`/proofs/${id}`, undefined, signal),
    enabled: id > 0,
    refetchInterval: (query) => (query.state.data && isProcessing(query.state.data) ? PROCESSING_POLL_MS : false),
  });
}

/** A proof's other rounds: the same project's proofs, oldest round first. */
export function useProjectRounds(projectId: number | undefined) {
  const query = { projectId, perPage: 100, sort: 'roundNumber' };
  return useQuery({ ...proofListOptions(query), enabled: Boolean(projectId), placeholderData: undefined });
}

/** The proof's project with its account (the layout software, for the staff's vendor actions). */
export function useProofProject(projectId: number | undefined) {
  const include = { include: ['account'] };
  return useQuery({
    queryKey: [...projectKeys.detail(projectId ?? 0), include],
    queryFn: ({ signal }) => api.get<Project>(`/projects/${projectId}`, include, signal),
    enabled: Boolean(projectId),
    staleTime: 60_000,
  });
}

const detail = (id: number, part: string) => [...proofKeys.detail(id), part] as const;

/** The preflight's findings; `liveMs` asks again on that interval (while the proof is processed, they come in as pages finish). */
export function useFindings(id: number, enabled: boolean, liveMs: number | false = false) {
  return useQuery({
    queryKey: detail(id, 'findings'),
    queryFn: ({ signal }) => api.get<{ data: ProofFinding[] }>(`/proofs/${id}/findings`, undefined, signal),
    enabled,
    refetchInterval: liveMs,
  });
}

/**
 * A proof followed while it is processed (the upload page): asked again every `pollMs` until it is
 * processed or failed, so its pages done and findings so far move.
 */
export function useProofProgress(id: number, pollMs = 1_000) {
  return useQuery({
    queryKey: proofKeys.detail(id),
    queryFn: ({ signal }) => api.get<Proof>(`/proofs/${id}`, undefined, signal),
    refetchInterval: (query) => (!query.state.data || isProcessing(query.state.data) ? pollMs : false),
  });
}

/** The signed page images; the links live a day, so an hour's cache never hands out a dead one. */
export function useFlipImages(id: number, enabled: boolean) {
  return useQuery({
    queryKey: detail(id, 'flip_images'),
    queryFn: ({ signal }) => api.get<FlipImages>(`/proofs/${id}/s3_sign_flip_images`, undefined, signal),
    enabled,
    staleTime: 60 * 60_000,
    retry: false,
  });
}

export function useCompare(id: number, enabled: boolean) {
  return useQuery({
    queryKey: detail(id, 'compare'),
    queryFn: ({ signal }) => api.get<ProofCompare>(`/proofs/${id}/compare`, undefined, signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** The four nested collections of a proof (spec part 7), each with create, update and delete. */
export type ProofChildSegment =
  | 'proof_reviewers'
  | 'proof_comments'
  | 'proof_comment_internals'
  | 'proof_internal_actions';

interface ChildTypes {
  proof_reviewers: { item: ProofReviewer; create: ProofReviewerBody; update: ProofReviewerUpdateBody };
  proof_comments: { item: ProofComment; create: ProofCommentBody; update: ProofCommentUpdateBody };
  proof_comment_internals: {
    item: ProofInternalComment;
    create: ProofInternalCommentBody;
    update: ProofInternalCommentBody;
  };
  proof_internal_actions: {
    item: ProofInternalAction;
    create: ProofInternalActionBody;
    update: { note: string | null };
  };
}

export function useProofChildren<Segment extends ProofChildSegment>(id: number, segment: Segment, enabled = true) {
  return useQuery({
    queryKey: detail(id, segment),
    queryFn: ({ signal }) =>
      api.get<{ data: ChildTypes[Segment]['item'][] }>(`/proofs/${id}/${segment}`, undefined, signal),
    enabled,
  });
}

/**
 * Writes to one collection. Every change also writes a history line (and an action may move the
 * internal status), so the whole proof is refreshed, not just the collection.
 */
export function useProofChildMutations<Segment extends ProofChildSegment>(id: number, segment: Segment) {
  const invalidates = [proofKeys.detail(id)];
  const path = `/proofs/${id}/${segment}`;
  type Types = ChildTypes[Segment];
  return {
    create: useInvalidatingMutation<Types['item'], Types['create']>(invalidates, {
      mutationFn: (body) => api.post<Types['item']>(path, body),
    }),
    update: useInvalidatingMutation<Types['item'], { childId: number; body: Types['update'] }>(invalidates, {
      mutationFn: ({ childId, body }) => api.put<Types['item']>(`${path}/${childId}`, body),
    }),
    remove: useInvalidatingMutation<void, number>(invalidates, {
      mutationFn: (childId) => api.delete<void>(`${path}/${childId}`),
    }),
  };
}

/** Approve or reject: the lists (ready to order, resubmission) and the project change with it. */
export function useProofDecision(id: number) {
  const invalidates = [proofKeys.all, projectKeys.all];
  return {
    approve: useInvalidatingMutation<Proof, ProofApproveBody>(invalidates, {
      mutationFn: (body) => api.post<Proof>(`/proofs/${id}/approve`, body),
    }),
    reject: useInvalidatingMutation<Proof, ProofRejectBody>(invalidates, {
      mutationFn: (body) => api.post<Proof>(`/proofs/${id}/reject`, body),
    }),
  };
}

/** Users the caller can see, for the reviewer picker (needs `users.view`). */
export function useReviewerCandidates(search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...createQueryKeys('users').lists(), { search, picker: 'reviewers' }],
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<User>>(
        '/users',
        { search: search || undefined, isActive: true, perPage: 20, sort: 'lastName' },
        signal,
      ),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
