import type { Preset, presetCreateSchema, presetUpdateSchema } from '@colophon/contract';
import type { z } from 'zod';
import { createResource } from '../../lib/resource';

export type PresetCreate = z.output<typeof presetCreateSchema>;
export type PresetUpdate = z.output<typeof presetUpdateSchema>;

/** /api/presets: saved book specifications to start a project from. */
export const presetsResource = createResource<Preset, PresetCreate, PresetUpdate>('presets');
