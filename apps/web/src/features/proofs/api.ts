import {
  compareProof,
  type OperationDefinition,
  type Proof,
  projectsContract,
  type proofApproveBodySchema,
  type proofCommentInternalSchema,
  proofCommentInternalsContract,
  type proofCommentSchema,
  proofCommentsContract,
  type proofFindingSchema,
  type proofInternalActionSchema,
  proofInternalActionsContract,
  proofOperations,
  type proofRejectBodySchema,
  type proofReviewerSchema,
  proofReviewersContract,
  usersContract,
} from '@colophon/contract';
import { type Filters, proofProcessingStatus } from '@colophon/domain';
import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../lib/call';
import { createQueryKeys, useInvalidatingMutation } from '../../lib/resource';

export type ProofFinding = z.infer<typeof proofFindingSchema>;
export type ProofReviewer = z.infer<typeof proofReviewerSchema>;
export type ProofComment = z.infer<typeof proofCommentSchema>;
export type ProofInternalComment = z.infer<typeof proofCommentInternalSchema>;
export type ProofInternalAction = z.infer<typeof proofInternalActionSchema>;
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
    queryFn: ({ signal }) => call(proofOperations.list, { query }, signal),
    placeholderData: keepPreviousData,
  });
export const useProofList = (query: Filters, enabled = true) => useQuery({ ...proofListOptions(query), enabled });

const shortLists = {
  ready_to_order: proofOperations.readyToOrder,
  resubmission_required: proofOperations.resubmissionRequired,
};
export type ShortList = keyof typeof shortLists;

/** `proofs/list/ready_to_order` and `…/resubmission_required`: the latest proof of each project (at most 500). */
export function useShortList(list: ShortList | null, filters: { year?: number; parentId?: number }) {
  return useQuery({
    queryKey: [...proofKeys.lists(), list, filters],
    queryFn: list ? ({ signal }) => call(shortLists[list], { query: filters }, signal) : skipToken,
    placeholderData: keepPreviousData,
  });
}

/** One proof; asked for again every few seconds while it is being processed. */
export function useProof(id: number) {
  return useQuery({
    queryKey: proofKeys.detail(id),
    queryFn: ({ signal }) => call(proofOperations.get, { params: { id } }, signal),
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
    queryFn: projectId
      ? ({ signal }) => call(projectsContract.operations.get, { params: { id: projectId }, query: include }, signal)
      : skipToken,
    staleTime: 60_000,
  });
}

const detail = (id: number, part: string) => [...proofKeys.detail(id), part] as const;

/** The preflight's findings; `liveMs` asks again on that interval (while the proof is processed, they come in as pages finish). */
export function useFindings(id: number, enabled: boolean, liveMs: number | false = false) {
  return useQuery({
    queryKey: detail(id, 'findings'),
    queryFn: ({ signal }) => call(proofOperations.findings, { params: { id } }, signal),
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
    queryFn: ({ signal }) => call(proofOperations.get, { params: { id } }, signal),
    refetchInterval: (query) => (!query.state.data || isProcessing(query.state.data) ? pollMs : false),
  });
}

/** The signed page images; the links live a day, so an hour's cache never hands out a dead one. */
export function useFlipImages(id: number, enabled: boolean) {
  return useQuery({
    queryKey: detail(id, 'flip_images'),
    queryFn: ({ signal }) => call(proofOperations.flipImages, { params: { id }, query: {} }, signal),
    enabled,
    staleTime: 60 * 60_000,
    retry: false,
  });
}

export function useCompare(id: number, enabled: boolean) {
  return useQuery({
    queryKey: detail(id, 'compare'),
    queryFn: ({ signal }) => call(compareProof, { params: { id } }, signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** The four nested collections of a proof (spec part 7), each with list, create, update and delete. */
const childContracts = {
  proof_reviewers: proofReviewersContract,
  proof_comments: proofCommentsContract,
  proof_comment_internals: proofCommentInternalsContract,
  proof_internal_actions: proofInternalActionsContract,
};
export type ProofChildSegment = keyof typeof childContracts;

type ChildContract<Segment extends ProofChildSegment> = (typeof childContracts)[Segment];
interface ChildTypes<Segment extends ProofChildSegment> {
  item: z.output<ChildContract<Segment>['item']>;
  create: z.output<ChildContract<Segment>['create']>;
  update: z.output<ChildContract<Segment>['update']>;
}
/** `call` with the segment's types: they come from its contract, which `call` cannot follow through the generic segment. */
const callChild = <T>(operation: OperationDefinition, input: object, signal?: AbortSignal) =>
  call(operation, input, signal) as Promise<unknown> as Promise<T>;

export function useProofChildren<Segment extends ProofChildSegment>(id: number, segment: Segment, enabled = true) {
  return useQuery({
    queryKey: detail(id, segment),
    queryFn: ({ signal }) =>
      callChild<{ data: ChildTypes<Segment>['item'][] }>(
        childContracts[segment].operations.list,
        { params: { id } },
        signal,
      ),
    enabled,
  });
}

/**
 * Writes to one collection. Every change also writes a history line (and an action may move the
 * internal status), so the whole proof is refreshed, not just the collection.
 */
export function useProofChildMutations<Segment extends ProofChildSegment>(id: number, segment: Segment) {
  const invalidates = [proofKeys.detail(id)];
  const { operations } = childContracts[segment];
  type Types = ChildTypes<Segment>;
  return {
    create: useInvalidatingMutation<Types['item'], Types['create']>(invalidates, {
      mutationFn: (body) => callChild<Types['item']>(operations.create, { params: { id }, body }),
    }),
    update: useInvalidatingMutation<Types['item'], { childId: number; body: Types['update'] }>(invalidates, {
      mutationFn: ({ childId, body }) => callChild<Types['item']>(operations.update, { params: { id, childId }, body }),
    }),
    remove: useInvalidatingMutation<void, number>(invalidates, {
      mutationFn: (childId) => callChild<void>(operations.remove, { params: { id, childId } }),
    }),
  };
}

/** Approve or reject: the lists (ready to order, resubmission) and the project change with it. */
export function useProofDecision(id: number) {
  const invalidates = [proofKeys.all, projectKeys.all];
  return {
    approve: useInvalidatingMutation<Proof, ProofApproveBody>(invalidates, {
      mutationFn: (body) => call(proofOperations.approve, { params: { id }, body }),
    }),
    reject: useInvalidatingMutation<Proof, ProofRejectBody>(invalidates, {
      mutationFn: (body) => call(proofOperations.reject, { params: { id }, body }),
    }),
  };
}

/** Users the caller can see, for the reviewer picker (needs `users.view`). */
export function useReviewerCandidates(search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...createQueryKeys('users').lists(), { search, picker: 'reviewers' }],
    queryFn: ({ signal }) =>
      call(
        usersContract.operations.list,
        { query: { search: search || undefined, isActive: 'true', perPage: 20, sort: 'lastName' } },
        signal,
      ),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
