import { z } from 'zod';
import { idParamsSchema, problemResponses } from './common';
import { defineOperation } from './operation';

/**
 * `GET proofs/{id}/epub_link`: a signed, expiring link to the approved proof's fixed-layout EPUB and
 * the name to save it under. Before approval, and while the EPUB is being made, the answer is 409.
 */
export const epubLinkSchema = z.object({
  url: z.string(),
  /** `<project name> round <n>.epub` */
  fileName: z.string(),
  expiresAt: z.string(),
});
export type EpubLink = z.infer<typeof epubLinkSchema>;

export const getEpubLink = defineOperation({
  method: 'GET',
  path: '/api/proofs/:id/epub_link',
  params: idParamsSchema,
  responses: { 200: epubLinkSchema, ...problemResponses(409) },
  permission: 'proofs.view',
  summary: "A signed link to the approved proof's fixed-layout EPUB; 409 before approval and while it is being made",
  tags: ['proofs'],
});

/** The 409 detail while an approved proof's EPUB is still being made (the screen polls on it quietly). */
export const EPUB_PREPARING_DETAIL = 'The EPUB is being prepared…';
