import { presetsContract } from '@colophon/contract';
import { createResource } from '../../lib/resource';

/** /api/presets: saved book specifications to start a project from. */
export const presetsResource = createResource(presetsContract);
