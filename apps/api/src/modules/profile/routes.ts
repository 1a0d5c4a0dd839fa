import { randomUUID } from 'node:crypto';
import { profileOperations } from '@colophon/contract';
import { users } from '@colophon/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { implement } from '../../engine/implement';
import { AppError } from '../../errors';
import { attachmentDisposition } from '../../integrations/files/content-disposition';
import { decodeImageUpload } from '../../integrations/files/image-upload';
import { callerOf } from '../../plugins/authentication';
import { toSessionUser } from '../auth/session-user';
import { assertEmailFree, isNewEmail, requestEmailChange } from '../users/email-change';
import { pendingEmailOf } from '../users/pending-email';

const _MAX_AVATAR_BYTES = 2 * 1024 * 1024;

export async function registerProfileRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { services } = app;

  implement(app, profileOperations.update, async function updateProfile(request) {
    const auth = callerOf(request);
    const { email, ...fields } = request.body;
    // A new e-mail is only asked for: the link sent to it sets it (users/email-change.ts).
    const newEmail = isNewEmail(auth.user, email) ? email : null;
    if (newEmail) await assertEmailFree(services.db, newEmail, auth.user.id);
    const [user] = await services.db
      .update(users)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(users.id, auth.user.id))
      .returning();
    if (!user) throw new Error('profile update returned nothing');
    if (newEmail) await requestEmailChange(app, user, newEmail, user);
    return { ...toSessionUser(user, services), pendingEmail: await pendingEmailOf(services.db, user.id) };
  });

  implement(app, profileOperations.uploadAvatar, async function uploadAvatar(request) {
    const auth = callerOf(request);
    const image = decodeImageUpload(request.body.data);
    const key = `avatars/${auth.user.id}/${randomUUID()}.${image.extension}`;
    await services.files.put(key, image.bytes, image.contentType);
    await services.db.update(users).set({ uriAvatar: key, updatedAt: new Date() }).where(eq(users.id, auth.user.id));
    return { uriAvatar: services.files.signedUrl(key, 24 * 3600) };
  });

  const contentTypes: Record<string, string> = {
    png: 'image/png',
    jpg: 'image/jpeg',
    webp: 'image/webp',
    gif: 'image/gif',
    pdf: 'application/pdf',
    epub: 'application/epub+zip',
    json: 'application/json',
  };
  routes.get(
    '/api/files/signed/*',
    {
      config: { public: true },
      schema: {
        tags: ['files'],
        querystring: z.object({
          expires: z.coerce.number().int(),
          signature: z.string().max(200),
          download: z.string().min(1).max(255).optional(),
        }),
      },
    },
    async function serveSignedFile(request, reply) {
      const key = (request.params as { '*': string })['*'];
      const { expires, signature, download } = request.query;
      if (!services.files.verify(key, expires, signature, download)) {
        throw new AppError('forbidden', 'This link has expired or is not valid.');
      }
      // Streamed: a signed link may open a 2 GB book file.
      const size = await services.files.stat(key);
      const body = size ? await services.files.getStream(key) : null;
      if (!body || !size) throw new AppError('not_found', 'This file no longer exists.');
      const extension = key.split('.').pop() ?? '';
      if (download !== undefined) reply.header('content-disposition', attachmentDisposition(download));
      return reply
        .type(contentTypes[extension] ?? 'application/octet-stream')
        .header('content-length', size.size)
        .header('cache-control', 'private, max-age=3600')
        .send(body);
    },
  );
}
