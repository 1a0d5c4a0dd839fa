import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditLogContract, outboxEmailsContract } from './audit';
import { idParam, idSchema, listQuerySchema, queryBoolean, queryList } from './common';
import { listSearchSchema, searchBoolean, searchNumberList, searchText } from './list-url';
import { manufacturersContract, manufacturingPlantsContract } from './manufacturing';
import { defineOperation, operationPath } from './operation';
import { queueContracts, queueJobTransitions } from './processing';
import { presetsContract } from './projects';
import { proofCommentsContract } from './proof-review';
import { defineResourceContract, filter } from './resource-contract';

// The schemas as they were written by hand before the contracts derived them.
const handWritten = {
  plants: listQuerySchema(['code', 'name', 'createdAt'] as const).extend({
    search: z.string().trim().max(100).optional(),
    code: queryList(z.string().max(1)).optional(),
  }),
  manufacturers: listQuerySchema(['code', 'name', 'turnTimeDays', 'createdAt'] as const).extend({
    search: z.string().trim().max(100).optional(),
    plantId: queryList(idParam).optional(),
    isActive: queryBoolean.optional(),
  }),
  presets: listQuerySchema(['name', 'createdAt'] as const).extend({
    search: z.string().trim().max(100).optional(),
    accountId: queryList(idParam).optional(),
  }),
  manufacturersUrl: listSearchSchema.extend({ search: searchText, plantId: searchNumberList, isActive: searchBoolean }),
};

const outcome = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? { data: result.data } : { refused: result.error.issues.map((issue) => issue.path.join('.')) };
};

const queries: Record<string, unknown>[] = [
  {},
  { page: '2', perPage: '100' },
  { page: '0' },
  { perPage: '101' },
  { sort: 'code' },
  { sort: '-createdAt' },
  { sort: 'turnTimeDays' },
  { sort: '-nope' },
  { search: '  Beltsville  ' },
  { search: 'x'.repeat(101) },
  { code: 'B' },
  { code: ['B', 'P'] },
  { code: ['BB'] },
  { plantId: '3' },
  { plantId: ['1', '2'] },
  { plantId: ['0'] },
  { plantId: ['x'] },
  { isActive: 'true' },
  { isActive: '0' },
  { isActive: 'yes' },
  { accountId: ['7'] },
  { accountId: '2147483648' },
  { include: 'plant' },
  { include: ['plant', 'x'.repeat(41)] },
];

describe('a resource contract', () => {
  it.each([
    ['manufacturing plants', manufacturingPlantsContract, handWritten.plants],
    ['manufacturers', manufacturersContract, handWritten.manufacturers],
    ['presets', presetsContract, handWritten.presets],
  ] as const)(
    'derives the list query of %s that accepts and refuses what the hand-written one did',
    (_, contract, expected) => {
      for (const query of queries) {
        expect(outcome(contract.listQuery, query), JSON.stringify(query)).toEqual(outcome(expected, query));
      }
      // The same document too: the OpenAPI output does not change.
      expect(z.toJSONSchema(contract.listQuery, { io: 'input', unrepresentable: 'any' })).toEqual(
        z.toJSONSchema(expected, { io: 'input', unrepresentable: 'any' }),
      );
    },
  );

  it('derives the sort enumeration from the sort keys, each ascending and descending', () => {
    expect(manufacturersContract.sort.options).toEqual([
      'code',
      '-code',
      'name',
      '-name',
      'turnTimeDays',
      '-turnTimeDays',
      'createdAt',
      '-createdAt',
    ]);
  });

  it('derives a forgiving URL schema: stale values are dropped, good ones kept', () => {
    const url = manufacturersContract.urlSearch;
    expect(url.parse({ page: 'x', plantId: [1, 2], isActive: 'true', search: 'Bel' })).toEqual({
      plantId: [1, 2],
      isActive: true,
      search: 'Bel',
    });
    expect(url.parse({ plantId: ['x'], isActive: 'maybe', perPage: 500, sort: '-nope' })).toEqual({});
    expect(url.parse({ sort: '-turnTimeDays' })).toEqual({ sort: '-turnTimeDays' });
    // Filters the same as the hand-written URL schema of the manufacturers page.
    for (const search of [{ plantId: [] }, { plantId: ['3'] }, { isActive: false }, { search: ' a ' }, { page: 3 }]) {
      expect(url.parse(search), JSON.stringify(search)).toEqual(handWritten.manufacturersUrl.parse(search));
    }
    expect(manufacturingPlantsContract.urlSearch.parse({ code: ['B'] })).toEqual({ code: ['B'] });
    expect(manufacturingPlantsContract.urlSearch.parse({ code: ['BB'] })).toEqual({});
  });

  it('derives the POST-search body: JSON types, the declared includes, the same bounds', () => {
    const body = manufacturersContract.searchBody;
    expect(body.parse({ plantId: [1, 2], isActive: false, include: ['plant'] })).toEqual({
      page: 1,
      perPage: 25,
      plantId: [1, 2],
      isActive: false,
      include: ['plant'],
    });
    expect(outcome(body, { plantId: ['1'] })).toEqual({ refused: ['plantId.0'] });
    expect(outcome(body, { isActive: 'true' })).toEqual({ refused: ['isActive'] });
    expect(outcome(body, { include: ['plants'] })).toEqual({ refused: ['include.0'] });
    expect(outcome(body, { perPage: 101, sort: 'nope' })).toEqual({ refused: ['perPage', 'sort'] });
    expect(outcome(body, { plantId: Array.from({ length: 5001 }, (_, i) => i + 1) })).toEqual({
      refused: ['plantId'],
    });
    expect(outcome(presetsContract.searchBody, { accountId: [idSchema.maxValue! + 1] })).toEqual({
      refused: ['accountId.0'],
    });
  });

  it('adds the search filter only to a searchable resource', () => {
    const contract = defineResourceContract({
      name: 'things',
      label: 'Thing',
      item: z.object({ id: z.number() }),
      filters: { type: filter.codes(), parentId: filter.id() },
      sorts: ['id'],
      defaultSort: 'id',
      permission: { write: 'super.plants' },
    });
    expect(Object.keys(contract.filters)).toEqual(['type', 'parentId']);
    expect(contract.listQuery.parse({ type: ['2', '3'], parentId: '7' })).toMatchObject({ type: [2, 3], parentId: 7 });
    expect(Object.keys(presetsContract.filters)).toEqual(['search', 'accountId']);
  });

  it('declares the five operations and the export with their paths and permissions', () => {
    const { operations } = presetsContract;
    expect(
      Object.values(operations).map((operation) => `${operation.method} ${operation.path} ${operation.permission}`),
    ).toEqual([
      'GET /api/presets projects.view',
      'GET /api/presets/export projects.view',
      'GET /api/presets/:id projects.view',
      'POST /api/presets presets.manage',
      'PUT /api/presets/:id presets.manage',
      'DELETE /api/presets/:id presets.manage',
    ]);
    expect(manufacturingPlantsContract.operations.list.permission).toBeUndefined();
  });

  it('puts a nested resource under its parent, with both ids in the path', () => {
    const { operations } = proofCommentsContract;
    expect(operations.list.path).toBe('/api/proofs/:id/proof_comments');
    expect(operations.update.path).toBe('/api/proofs/:id/proof_comments/:childId');
    expect(operations.update.params.parse({ id: '7', childId: '9' })).toEqual({ id: 7, childId: 9 });
    expect(operations.create.params?.parse({ id: '7' })).toEqual({ id: 7 });
    // Listed whole: `{ data }`, no paging.
    expect(operations.list.responses[200].safeParse({ data: [] }).success).toBe(true);
    expect(operationPath(operations.remove.path, { id: 7, childId: 9 })).toBe('/api/proofs/7/proof_comments/9');
  });

  it('reads the audit log, outbox and queue filters as the hand-written queries did', () => {
    expect(auditLogContract.listQuery.parse({ resource: 'accounts', actorUserId: '7', sort: 'createdAt' })).toEqual({
      page: 1,
      perPage: 25,
      sort: 'createdAt',
      resource: 'accounts',
      actorUserId: 7,
    });
    expect(auditLogContract.listQuery.safeParse({ resource: 'x'.repeat(65) }).success).toBe(false);
    expect(outboxEmailsContract.listQuery.parse({ to: 'a@b.test' })).toMatchObject({ to: 'a@b.test' });
    const queue = queueContracts.queue_proofs.listQuery;
    expect(queue.parse({ status: ['3', '4'], createdFrom: '2026-11-24', search: 'x' })).toMatchObject({
      status: [3, 4],
      createdFrom: '2026-11-24',
      search: 'x',
    });
    expect(queue.safeParse({ status: '6' }).success).toBe(false);
    expect(queue.safeParse({ createdTo: 'yesterday' }).success).toBe(false);
    expect(queueJobTransitions.queue_moves.retry.path).toBe('/api/queue_moves/:id/retry');
  });

  it('fills an operation path from its params', () => {
    const operation = defineOperation({
      method: 'GET',
      path: '/api/accounts/:accountId/addresses/:id',
      responses: { 200: z.null() },
    });
    expect(operationPath(operation.path, { accountId: 7, id: 'a/b' })).toBe('/api/accounts/7/addresses/a%2Fb');
    expect(() => operationPath(operation.path, { accountId: 7 })).toThrow('id is missing');
    // A parameter's router pattern is not part of the URL.
    expect(operationPath('/api/proofs/:software(^[a-z][a-z0-9-]*$)/:id/cancel', { software: 'layout-b', id: 3 })).toBe(
      '/api/proofs/layout-b/3/cancel',
    );
  });
});
