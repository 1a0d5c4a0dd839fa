import { defineOperation, idParamsSchema, manufacturersContract } from '@colophon/contract';
import { manufacturers } from '@colophon/db';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { implement, registerResource } from '../src/engine/implement';

const renamePlant = defineOperation({
  method: 'POST',
  path: '/api/plants/:id/rename',
  params: idParamsSchema,
  body: z.object({ name: z.string().trim().min(1) }),
  responses: { 200: z.object({ id: z.number(), name: z.string() }) },
  permission: 'super.plants',
  tags: ['plants'],
});

async function appWith() {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The app's problem+json handler, reduced to what the error responses' schema needs.
  app.setErrorHandler((error: { statusCode?: number }, _request, reply) => {
    const status = error.statusCode ?? 500;
    return reply.status(status).send({ type: 'about:blank', title: 'Refused', status });
  });
  const seen: unknown[] = [];
  app.addHook('onRoute', (route) => void seen.push(route.config));
  implement(app, renamePlant, async function rename(request) {
    // Typed from the operation: a number and a trimmed string, no casts.
    return { id: request.params.id, name: request.body.name.toUpperCase() };
  });
  await app.ready();
  return { app, seen };
}

describe('implement', () => {
  it('registers one operation with its schemas, permission and a named handler', async () => {
    const { app, seen } = await appWith();
    expect(seen).toEqual([{ permission: 'super.plants' }]);
    const ok = await app.inject({ method: 'POST', url: '/api/plants/7/rename', payload: { name: ' phoenix ' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ id: 7, name: 'PHOENIX' });
    const bad = await app.inject({ method: 'POST', url: '/api/plants/x/rename', payload: { name: '' } });
    expect(bad.statusCode).toBe(400);
    await app.close();
  });
});

/** Compiled, never run: a resource's hooks see the table's row type, so a misspelt column fails to compile. */
export function typedRows(app: FastifyInstance) {
  registerResource(app, manufacturersContract, {
    table: manufacturers,
    hooks: {
      async validate(input, _context, existing) {
        // @ts-expect-error turnTimeDays is a number, not a string
        const standard: string | undefined = input.turnTimeDays ?? existing?.turnTimeDays;
        void standard;
      },
    },
    // @ts-expect-error plantName is not a column of manufacturers (the included plant is `row.plant`)
    csv: [{ header: 'Plant', value: (row) => row.plantName ?? row.plant?.name }],
  });
}
