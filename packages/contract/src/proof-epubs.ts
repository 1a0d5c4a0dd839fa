import { z } from 'zod';

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

/** The 409 detail while an approved proof's EPUB is still being made (the screen polls on it quietly). */
export const EPUB_PREPARING_DETAIL = 'The EPUB is being prepared…';
