import type {
  CreateUploadBody,
  ListEnvelope,
  Project,
  StoredUpload,
  UploadJob,
  UploadPartTarget,
  UploadSession,
} from '@colophon/contract';
import { proofProcessingStatus, queueStatus } from '@colophon/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ApiError, api } from '../../lib/api-client';
import { createQueryKeys } from '../../lib/resource';
import { sendPartWithXhr, type UploadTransport } from './chunked-upload';

/** Same keys as the projects feature, so its changes refresh the picker too. */
const projectKeys = createQueryKeys('projects');

/** Active projects the caller may see, matching a search (school, code or project name), newest first. */
export function useProjectSearch(search: string) {
  return useQuery({
    queryKey: projectKeys.list({ search, picker: true }),
    queryFn: ({ signal }) =>
      api.get<ListEnvelope<Project>>(
        '/projects',
        { search: search || undefined, perPage: 50, sort: '-year', isActive: true, include: ['account'] },
        signal,
      ),
    staleTime: 60_000,
  });
}

/** One project with its account (the picker's label, and the book spec the files are checked against). */
export function useProject(projectId: number | null | undefined) {
  return useQuery({
    queryKey: [...projectKeys.detail(projectId ?? 0), { include: ['account'] }],
    queryFn: ({ signal }) => api.get<Project>(`/projects/${projectId}`, { include: ['account'] }, signal),
    enabled: Boolean(projectId),
    staleTime: 60_000,
  });
}

/** The upload client's view of the resumable-upload routes, and XHR for the parts. */
export const uploadTransport: UploadTransport = {
  createSession: (body) => api.post<UploadSession>('/uploads/sessions', body),
  getSession: (sessionId) => api.get<UploadSession>(`/uploads/sessions/${sessionId}`),
  partUrls: async (sessionId, partNumbers) =>
    (await api.post<{ parts: UploadPartTarget[] }>(`/uploads/sessions/${sessionId}/part_urls`, { partNumbers })).parts,
  reportPart: async (sessionId, part) => {
    await api.post(`/uploads/sessions/${sessionId}/parts`, part);
  },
  complete: (sessionId) => api.post<StoredUpload>(`/uploads/sessions/${sessionId}/complete`),
  abort: (sessionId) => api.delete<undefined>(`/uploads/sessions/${sessionId}`),
  sendPart: (target, body, onProgress, signal) => sendPartWithXhr(target, body, onProgress, signal),
};

const uploadKeys = createQueryKeys('uploads');

/** `POST /api/uploads`: the server checks the stored PDF and queues it to become a proof. */
export function useQueueUpload() {
  return useMutation<UploadJob, ApiError, CreateUploadBody>({
    mutationFn: (body) => api.post<UploadJob>('/uploads', body),
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
    queryFn: ({ signal }) => api.get<UploadJob>(`/uploads/${jobId}`, undefined, signal),
    enabled: jobId !== null,
    refetchInterval: (query) => (isSettled(query.state.data) ? false : pollMs),
  });
}

/** Where a job stands, in the domain's words: the proof's processing once there is a proof. */
export function jobStatusLabel(job: UploadJob): string {
  if (job.proofId !== null && job.proofProcessingStatus !== null)
    return proofProcessingStatus.label(job.proofProcessingStatus);
  return queueStatus.label(job.status);
}

/** The cover's first page as an image (`POST /api/proof_cover_image`). */
export interface CoverImage {
  key: string;
  url: string;
  width: number;
  height: number;
}

/** `POST /api/proof_cover_image`: null while the route does not exist on this server. */
export async function fetchCoverImage(key: string, bucket: string): Promise<CoverImage | null> {
  try {
    return await api.post<CoverImage>('/proof_cover_image', { key, bucket });
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
