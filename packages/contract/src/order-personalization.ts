import { z } from 'zod';
import { problemResponses, timestampSchema } from './common';
import { defineOperation } from './operation';
import { personalizationUploadList } from './order-lists';
import { defineResourceContract } from './resource-contract';

/** Personalization names for an order's covers, sent to the plant (issue 11). Apart so the web's route table stays light. */

export const personalizationUploadSchema = z
  .object({
    id: z.number().int(),
    orderId: z.number().int(),
    filename: z.string(),
    fileKey: z.string(),
    rowCount: z.number().int(),
    uploadedBy: z.number().int().nullable(),
    sentAt: timestampSchema.nullable(),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
    order: z.object({ id: z.number().int(), externalId: z.string().nullable(), accountName: z.string() }).optional(),
  })
  .meta({ id: 'PersonalizationUpload' });
export type PersonalizationUpload = z.infer<typeof personalizationUploadSchema>;

/** The personalization uploads (read-only: a new one comes through `upload_personalization_order_names`). */
export const personalizationUploadsContract = defineResourceContract({
  name: 'personalization_uploads',
  label: 'Personalization upload',
  item: personalizationUploadSchema,
  ...personalizationUploadList,
  includes: ['order'],
  permission: { read: 'super.personalization', write: 'super.personalization' },
  offers: ['list', 'get'],
});

/** A CSV of names for personalized covers, at most this many bytes. */
export const MAX_PERSONALIZATION_CSV_BYTES = 5 * 1024 * 1024;

/**
 * `POST upload_personalization_order_names {filename, data}`: `data` is the CSV text; the file name
 * starts with the order's external id (`ORD-26-00012.csv`, as the presigned upload names it). Every
 * row is checked; a bad one is named by its line number and nothing is saved.
 */
export const uploadPersonalizationNames = defineOperation({
  method: 'POST',
  path: '/api/upload_personalization_order_names',
  body: z.object({
    filename: z
      .string()
      .trim()
      .min(5)
      .max(200)
      .regex(/\.csv$/i, 'A .csv file'),
    data: z.string().min(1, 'The file is empty').max(MAX_PERSONALIZATION_CSV_BYTES, 'At most 5 MB'),
  }),
  responses: { 201: personalizationUploadSchema, ...problemResponses(400, 404) },
  permission: 'super.personalization',
  summary: "Checks a CSV of names for an order's personalized covers and sends it to the plant",
  tags: ['orders'],
});

export const presignedPersonalizationUpload = defineOperation({
  method: 'GET',
  path: '/api/presigned_personalization_upload_put',
  query: z.object({
    external_id: z.string().trim().min(1).max(64),
    /** The file's size in bytes: an S3 presigned PUT takes exactly this many (default: the most allowed). */
    size: z.coerce.number().int().min(1).max(MAX_PERSONALIZATION_CSV_BYTES).optional(),
  }),
  responses: {
    200: z.object({
      url: z.string(),
      key: z.string(),
      filename: z.string(),
      headers: z.record(z.string(), z.string()),
      expiresAt: timestampSchema,
    }),
    ...problemResponses(400, 404),
  },
  permission: 'super.personalization',
  summary: "A signed PUT URL for an order's personalization CSV",
  tags: ['orders'],
});
