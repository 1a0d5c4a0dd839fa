import { randomUUID } from 'node:crypto';
import { problemResponses } from '@colophon/contract';

export const problems = problemResponses(400, 401, 403, 404);

/** How long a signed upload URL stays valid: long enough for 2 GB (or one part) on a slow school connection. */
export const UPLOAD_URL_TTL_SECONDS = 6 * 3600;

/** A new file's key: unguessable, and the only shape `POST /api/uploads` takes. */
export const newUploadKey = () => `uploads/${randomUUID()}.pdf`;

/** The project an upload is for: 404 when it is missing or another tenant's. */
export { visibleProject } from '../projects/resource';
