import { z } from 'zod';
import { idSchema, timestampSchema } from './common';
import { manufacturerList, manufacturingPlantList } from './manufacturing-lists';
import { defineResourceContract } from './resource-contract';

export const manufacturingPlantSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .meta({ id: 'ManufacturingPlant' });
export type ManufacturingPlant = z.infer<typeof manufacturingPlantSchema>;

export const manufacturingPlantCreateSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Z]$/, 'A single capital letter, e.g. B for Beltsville'),
  name: z.string().trim().min(1, 'Required').max(100),
});
export const manufacturingPlantUpdateSchema = manufacturingPlantCreateSchema.partial();

/** Plants are reference data every signed-in user reads (orders name them); the plant side edits them. */
export const manufacturingPlantsContract = defineResourceContract({
  name: 'manufacturing_plants',
  label: 'Manufacturing plant',
  item: manufacturingPlantSchema,
  create: manufacturingPlantCreateSchema,
  update: manufacturingPlantUpdateSchema,
  ...manufacturingPlantList,
  permission: { write: 'super.plants' },
});

export const manufacturerSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    plantId: z.number().int(),
    turnTimeDays: z.number().int(),
    expeditedTurnTimeDays: z.number().int().nullable(),
    isActive: z.boolean(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    plant: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).optional(),
  })
  .meta({ id: 'Manufacturer' });
export type Manufacturer = z.infer<typeof manufacturerSchema>;

const turnTime = z.number().int().min(1, 'At least 1 business day').max(120, 'At most 120 business days');
const manufacturerFields = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{1,8}$/, 'Up to 8 capital letters or digits'),
  name: z.string().trim().min(1, 'Required').max(120),
  plantId: idSchema,
  turnTimeDays: turnTime,
  expeditedTurnTimeDays: turnTime.nullable(),
  isActive: z.boolean(),
});
export const manufacturerCreateSchema = manufacturerFields
  .extend({ expeditedTurnTimeDays: turnTime.nullable().default(null), isActive: z.boolean().default(true) })
  .refine((m) => m.expeditedTurnTimeDays === null || m.expeditedTurnTimeDays < m.turnTimeDays, {
    message: 'The expedited turn time must be shorter than the standard one',
    path: ['expeditedTurnTimeDays'],
  });
/** The cross-field rule of an update is checked by the API against the stored record. */
export const manufacturerUpdateSchema = manufacturerFields.partial();

export const manufacturersContract = defineResourceContract({
  name: 'manufacturers',
  label: 'Manufacturer',
  item: manufacturerSchema,
  create: manufacturerCreateSchema,
  update: manufacturerUpdateSchema,
  ...manufacturerList,
  includes: ['plant'],
  permission: { write: 'super.plants' },
});
