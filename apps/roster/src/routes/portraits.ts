import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { manageRoster, type RosterContext, viewRoster } from '../access';
import { idParamsSchema, individualSchema } from '../contract';
import { portraitQuerySchema } from '../portraits/contract';
import { makePortrait, PORTRAIT_MAX_BYTES, PortraitError, portraitKey, portraitThumbnail } from '../portraits/portrait';
import { individuals } from '../schema';
import { requireIndividual } from './individuals';

const tags = ['individuals'];

/** Who answers for a stored portrait: the key is new on every upload, so it is the version too. */
const etagOf = (photoKey: string, size: string) =>
  `"${createHash('sha256').update(`${photoKey}\n${size}`).digest('base64url').slice(0, 22)}"`;

/**
 * A person's portrait (`individuals/{id}/image`): uploaded as multipart `file`, resized with sharp
 * and kept in the dashboard's file store under `individuals.photo_key`; read back as JPEG (whole or
 * `?size=thumb`), removed. Another tenant's person reads as unknown (404), like every roster call.
 */
export function registerPortraitRoutes(
  instance: FastifyInstance,
  contextOf: (request: FastifyRequest) => RosterContext,
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.put(
    '/roster/individuals/:id/image',
    {
      config: manageRoster,
      bodyLimit: PORTRAIT_MAX_BYTES + 1_048_576,
      schema: {
        tags,
        summary:
          "Upload a person's portrait (multipart file: JPEG, PNG, WebP or HEIC, up to 20 MB); kept as a JPEG fitted inside 600×800, replacing the last one",
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 200: individualSchema },
      },
    },
    async (request) => {
      const context = contextOf(request);
      const { db, host } = context;
      const person = await requireIndividual(context, request.params.id);
      if (!request.isMultipart()) {
        throw host.problem('validation', 'Send the portrait as multipart/form-data with a file field', 'file');
      }
      const upload = await readUpload(request);
      if (upload === 'missing')
        throw host.problem('validation', 'Attach the portrait (a JPEG, PNG, WebP or HEIC)', 'file');
      if (upload === 'too-large') {
        throw host.problem('validation', 'The portrait is larger than 20 MB; nothing was changed', 'file');
      }
      let portrait: Buffer;
      try {
        portrait = await makePortrait(upload);
      } catch (error) {
        if (error instanceof PortraitError) throw host.problem('validation', error.message, 'file');
        throw error;
      }

      const key = portraitKey(person.schoolId, person.id, randomUUID());
      await host.files.putStream(key, Readable.from([portrait]), 'image/jpeg');
      // The row is locked while its key is swapped, so two uploads at once each delete only the key they replaced.
      let replaced: string | null = null;
      let updated: typeof individuals.$inferSelect | undefined;
      try {
        updated = await db.transaction(async (tx) => {
          const [current] = await tx
            .select({ photoKey: individuals.photoKey })
            .from(individuals)
            .where(eq(individuals.id, person.id))
            .for('update');
          if (!current) return undefined;
          replaced = current.photoKey;
          const [row] = await tx
            .update(individuals)
            .set({ photoKey: key, updatedAt: new Date() })
            .where(eq(individuals.id, person.id))
            .returning();
          return row;
        });
      } catch (error) {
        await host.files.delete(key).catch(() => undefined);
        throw error;
      }
      if (!updated) {
        // Deleted meanwhile: the new file has no one to belong to.
        await host.files.delete(key).catch(() => undefined);
        throw host.problem('not_found', 'The person was not found.');
      }
      // A file left behind by a failed delete is harmless (nothing points at it); the answer stands.
      if (replaced) await host.files.delete(replaced).catch((err) => request.log.warn({ err }, 'old portrait'));
      return updated;
    },
  );

  app.get(
    '/roster/individuals/:id/image',
    {
      config: viewRoster,
      schema: {
        tags,
        summary: "A person's portrait as JPEG (size=thumb: 160 px wide); 404 when they have none",
        params: idParamsSchema,
        querystring: portraitQuerySchema,
        produces: ['image/jpeg'],
      },
    },
    async (request, reply) => {
      const context = contextOf(request);
      const { host } = context;
      const person = await requireIndividual(context, request.params.id);
      const { size } = request.query;
      const missing = () => host.problem('not_found', 'This person has no portrait.');
      if (!person.photoKey) throw missing();
      const etag = etagOf(person.photoKey, size);
      // Private: the portrait is a roster record behind the session header. Revalidated on each
      // use, answered 304 while the same upload stands.
      reply
        .header('Cache-Control', 'private, no-cache')
        .header('ETag', etag)
        .header('X-Content-Type-Options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const stream = await host.files.getStream(person.photoKey);
      if (!stream) throw missing();
      reply.type('image/jpeg');
      if (size === 'full') return reply.send(stream);
      return reply.send(await portraitThumbnail(await bufferOf(stream)));
    },
  );

  app.delete(
    '/roster/individuals/:id/image',
    {
      config: manageRoster,
      schema: {
        tags,
        summary: "Remove a person's portrait (204; also when they had none)",
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const context = contextOf(request);
      const { db, host } = context;
      const person = await requireIndividual(context, request.params.id);
      const removed = await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ photoKey: individuals.photoKey })
          .from(individuals)
          .where(eq(individuals.id, person.id))
          .for('update');
        if (!current?.photoKey) return null;
        await tx
          .update(individuals)
          .set({ photoKey: null, updatedAt: new Date() })
          .where(eq(individuals.id, person.id));
        return current.photoKey;
      });
      if (removed) {
        await host.files.delete(removed).catch((err) => request.log.warn({ err }, 'removed portrait'));
      }
      return reply.code(204).send();
    },
  );
}

/** The multipart `file` part, read whole under the cap (a portrait is small enough to hold). */
async function readUpload(request: FastifyRequest): Promise<Buffer | 'missing' | 'too-large'> {
  let found: Buffer | 'missing' | 'too-large' = 'missing';
  for await (const part of request.parts({ limits: { fileSize: PORTRAIT_MAX_BYTES, files: 1, fields: 5 } })) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'file' || found !== 'missing') {
      part.file.resume();
      continue;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
    found = part.file.truncated ? 'too-large' : Buffer.concat(chunks);
  }
  if (found instanceof Buffer && found.length === 0) return 'missing';
  return found;
}

async function bufferOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}
