import { z } from 'zod';

/** `GET individuals/{id}/image`: the stored portrait (up to 600×800) or its 160 px wide thumbnail. */
export const portraitQuerySchema = z.object({ size: z.enum(['full', 'thumb']).default('full') });
