import {
  type CreateUploadBody,
  type ProofCoverImage,
  projectsContract,
  proofVendorOperations,
  type StoredUpload,
  type UploadJob,
  uploadOperations,
} from '@colophon/contract';
import { proofProcessingStatus, queueStatus } from '@colophon/domain';
import { skipToken, useMutation, useQuery } from '@tanstack/react-query';
import type { ApiError } from '../../lib/api-client';
import { call } from '../../lib/call';
import { createQueryKeys } from '../../lib/resource';
import { sendPartWithXhr, type UploadTransport } from './chunked-upload';

/** Same keys as the projects feature, so its changes refresh the picker too. */
const projectKeys = createQueryKeys('projects');

/** Active projects the caller may see, matching a search (school, code or project name), newest first. */
export function useProjectSearch(search: string) {
  return useQuery({
    queryKey: projectKeys.list({ search, picker: true }),
    queryFn: ({ signal }) =>
      call(
        projectsContract.operations.list,
        { query: { search: search || undefined, perPage: 50, sort: '-year', isActive: 'true', include: ['account'] } },
        signal,
      ),
    staleTime: 60_000,
  });
}

/** One project with its account (the picker's label, and the book spec the files are checked against). */
export function useProject(projectId: number | null | undefined) {
  return useQuery({
    queryKey: [...projectKeys.detail(projectId ?? 0), { include: ['account'] }],
    queryFn: projectId
      ? ({ signal }) =>
          call(projectsContract.operations.get, { params: { id: projectId }, query: { include: ['account'] } }, signal)
      : skipToken,
    staleTime: 60_000,
  });
}

/** The upload client's view of the resumable-upload routes, and XHR for the parts. */
export const uploadTransport: UploadTransport = {
  createSession: (body) => call(uploadOperations.createSession, { body }),
  getSession: (sessionId) => call(uploadOperations.getSession, { params: { id: sessionId } }),
  partUrls: async (sessionId, partNumbers) =>
    (await call(uploadOperations.partUrls, { params: { id: sessionId }, body: { partNumbers } })).parts,
  reportPart: async (sessionId, part) => {
    await call(uploadOperations.recordPart, { params: { id: sessionId }, body: part });
  },
  complete: (sessionId) => call(uploadOperations.completeSession, { params: { id: sessionId } }),
  abort: (sessionId) => call(uploadOperations.cancelSession, { params: { id: sessionId } }),
  sendPart: (target, body, onProgress, signal) => sendPartWithXhr(target, body, onProgress, signal),
};

const uploadKeys = createQueryKeys('uploads');

/** `POST /api/uploads`: the server checks the stored PDF and queues it to become a proof. */
export function useQueueUpload() {
  return useMutation<UploadJob, ApiError, CreateUploadBody>({
    mutationFn: (body) => call(uploadOperations.queue, { body }),
  });
}

/** Whether a job has reached an end: failed in the queue, or its proof processed (or failed). */
export function isSettled(job: UploadJob | undefined): boolean {
  if (!job) return false;
  if (job.status === queueStatus.Error || job.status === queueStatus.Addressed) return true;
  return (
    job.proofProcessingStatus === proofProcessingStatus.Processed ||
    job.proofProcessingStatus === proofProcessingStatus.Failed
  );
}

/** The job as it moves: the upload queue, then the proof's processing; polled until it settles. */
export function useUploadJob(jobId: number | null, pollMs = 2_000) {
  return useQuery({
    queryKey: uploadKeys.detail(jobId ?? 0),
    queryFn: jobId === null ? skipToken : ({ signal }) => call(uploadOperations.job, { params: { id: jobId } }, signal),
    refetchInterval: (query) => (isSettled(query.state.data) ? false : pollMs),
  });
}

/** Where a job stands, in the domain's words: the proof's processing once there is a proof. */
export function jobStatusLabel(job: UploadJob): string {
  if (job.proofId !== null && job.proofProcessingStatus !== null)
    return proofProcessingStatus.label(job.proofProcessingStatus);
  return queueStatus.label(job.status);
}

/** `POST /api/proof_cover_image`: null while the route does not exist on this server. */
export async function fetchCoverImage(key: string, bucket: string): Promise<ProofCoverImage | null> {
  try {
    return await call(proofVendorOperations.coverImage, { body: { key, bucket } });
  } catch (error) {
    if ((error as ApiError).status === 404) return null;
    throw error;
  }
}

export function useCoverImage(stored: StoredUpload | null) {
  return useQuery({
    queryKey: ['proof_cover_image', stored?.fileKey ?? ''],
    queryFn: () => fetchCoverImage(stored?.fileKey ?? '', stored?.bucket ?? ''),
    enabled: stored !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
