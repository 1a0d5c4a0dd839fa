import { randomUUID } from 'node:crypto';
import {
  avatarBodySchema,
  avatarResponseSchema,
  problemSchema,
  profileUpdateSchema,
  sessionUserSchema,
} from '@colophon/contract';
import { users } from '@colophon/db';
import { stripDataUrlPrefix } from '@colophon/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, invalidField } from '../../errors';
import { callerOf } from '../../plugins/authentication';
import { toSessionUser } from '../auth/session-user';

const problems = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema, 413: problemSchema };
const MAX_AVATAR_BYTES = 2 * 1024 * 1024;

/** The image kinds an avatar may be, known by their first bytes rather than by what the client claims. */
export function imageKindOf(bytes: Buffer): { extension: string; contentType: string } | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { extension: 'png', contentType: 'image/png' };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return { extension: 'jpg', contentType: 'image/jpeg' };
  if (bytes.subarray(0, 4).toString('ascii') === 'RIFF' && bytes.subarray(8, 12).toString('ascii') === 'WEBP') {
    return { extension: 'webp', contentType: 'image/webp' };
  }
  if (bytes.subarray(0, 6).toString('ascii').startsWith('GIF8')) return { extension: 'gif', contentType: 'image/gif' };
  return null;
}

export async function registerProfileRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { services } = app;

  routes.put(
    '/api/profile',
    {
      config: { permission: 'profile.edit' },
      schema: { tags: ['profile'], body: profileUpdateSchema, response: { 200: sessionUserSchema, ...problems } },
    },
    async (request) => {
      const auth = callerOf(request);
      const [user] = await services.db
        .update(users)
        .set({ ...request.body, updatedAt: new Date() })
        .where(eq(users.id, auth.user.id))
        .returning();
      if (!user) throw new Error('profile update returned nothing');
      return toSessionUser(user, services);
    },
  );

  routes.post(
    '/api/files/avatar',
    {
      config: { permission: 'profile.edit' },
      schema: { tags: ['files'], body: avatarBodySchema, response: { 200: avatarResponseSchema, ...problems } },
    },
    async (request) => {
      const auth = callerOf(request);
      const base64 = stripDataUrlPrefix(request.body.data);
      if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) throw invalidField('data', 'This is not base64 image data.');
      const bytes = Buffer.from(base64, 'base64');
      if (bytes.length > MAX_AVATAR_BYTES) {
        throw new AppError('payload_too_large', 'The image is larger than 2 MB.', {
          errors: [{ path: 'data', message: 'The image is larger than 2 MB.' }],
        });
      }
      const kind = imageKindOf(bytes);
      if (!kind) throw invalidField('data', 'Use a PNG, JPEG, WebP or GIF image.');
      const key = `avatars/${auth.user.id}/${randomUUID()}.${kind.extension}`;
      await services.files.put(key, bytes, kind.contentType);
      await services.db.update(users).set({ uriAvatar: key, updatedAt: new Date() }).where(eq(users.id, auth.user.id));
      return { uriAvatar: services.files.signedUrl(key, 24 * 3600) };
    },
  );

  const contentTypes: Record<string, string> = {
    png: 'image/png',
    jpg: 'image/jpeg',
    webp: 'image/webp',
    gif: 'image/gif',
    pdf: 'application/pdf',
  };
  routes.get(
    '/api/files/signed/*',
    {
      config: { public: true },
      schema: {
        tags: ['files'],
        querystring: z.object({ expires: z.coerce.number().int(), signature: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      if (!services.files.verify(key, request.query.expires, request.query.signature)) {
        throw new AppError('forbidden', 'This link has expired or is not valid.');
      }
      const body = await services.files.get(key);
      if (!body) throw new AppError('not_found', 'This file no longer exists.');
      const extension = key.split('.').pop() ?? '';
      return reply
        .type(contentTypes[extension] ?? 'application/octet-stream')
        .header('cache-control', 'private, max-age=3600')
        .send(body);
    },
  );
}
