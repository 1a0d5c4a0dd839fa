import { randomUUID } from 'node:crypto';
import {
  accountBrandResponseSchema,
  accountFileBodySchema,
  accountImageResponseSchema,
  accountListSchema,
  accountSearchBodySchema,
  accountSummaryOverviewQuerySchema,
  accountSummaryOverviewSchema,
  idParamsSchema,
  problemSchema,
} from '@colophon/contract';
import { accounts } from '@colophon/db';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resolveVisibleTree, visibleAccountRows } from '../../access/scope';
import { jsonRow } from '../../engine/json-row';
import { listPage } from '../../engine/list-page';
import { requestContext } from '../../engine/resource';
import { decodeImageUpload } from '../../integrations/files/image-upload';
import { accountSummaryOverview } from './overview';
import { accountFilters, accountIncludeFills, accountSorts } from './resource';
import { requireVisibleAccount, requireVisibleAccountWithChildren } from './tree';

const problems = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema };

/** The accounts calls beyond the generic five (part 7): the POST search, the overview, brand and image. */
export async function registerAccountRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const contextOf = (request: FastifyRequest) => requestContext(app, request);

  routes.post(
    '/api/accounts/get/get_accounts_post',
    {
      config: { permission: 'accounts.view' },
      schema: {
        tags: ['accounts'],
        summary: 'Search accounts with a body of filters',
        body: accountSearchBodySchema,
        response: { 200: accountListSchema, ...problems },
      },
    },
    async (request) => {
      const context = contextOf(request);
      const body = request.body;
      // The caller's tree as ids first: the search then reads only their accounts, through indexes.
      const tree = await resolveVisibleTree(context.db, context.auth);
      const where = and(visibleAccountRows(context.auth, tree), ...accountFilters(body));
      const sortKey = body.sort ?? 'name';
      const descending = sortKey.startsWith('-');
      const column = accountSorts[(descending ? sortKey.slice(1) : sortKey) as keyof typeof accountSorts];
      const { items, total } = await listPage(context.db, {
        from: accounts,
        where,
        orderBy: [descending ? desc(column) : asc(column)],
        id: accounts.id,
        page: body.page,
        perPage: body.perPage,
      });
      const filled = items as unknown as (Record<string, unknown> & {
        id: number;
      })[];
      for (const key of body.include ?? []) await accountIncludeFills[key]?.(filled, context);
      return { data: filled.map(jsonRow) as never, total, page: body.page, perPage: body.perPage };
    },
  );

  routes.get(
    '/api/accounts/account_summary_overview/:id',
    {
      config: { permission: 'accounts.view' },
      schema: {
        tags: ['accounts'],
        summary: "The studio's overview of all its schools",
        params: idParamsSchema,
        querystring: accountSummaryOverviewQuerySchema,
        response: { 200: accountSummaryOverviewSchema, ...problems },
      },
    },
    async (request) => {
      const context = contextOf(request);
      const root = await requireVisibleAccountWithChildren(context, request.params.id);
      return accountSummaryOverview(context, root, request.query);
    },
  );

  const saveAccountFile = async (request: FastifyRequest, accountId: number, data: string, kind: 'brand' | 'image') => {
    const context = contextOf(request);
    const account = await requireVisibleAccount(context, accountId);
    const image = decodeImageUpload(data);
    const key = `accounts/${account.id}/${kind}-${randomUUID()}.${image.extension}`;
    await app.services.files.put(key, image.bytes, image.contentType);
    await context.db
      .update(accounts)
      .set(kind === 'brand' ? { brandKey: key, updatedAt: new Date() } : { imageKey: key, updatedAt: new Date() })
      .where(eq(accounts.id, account.id));
    return { accountId: account.id, url: app.services.files.signedUrl(key, 24 * 3600) };
  };

  routes.post(
    '/api/files/account_brand',
    {
      config: { permission: 'accounts.manage' },
      schema: {
        tags: ['files'],
        summary: "Upload an account's brand (logo)",
        body: accountFileBodySchema,
        response: { 200: accountBrandResponseSchema, ...problems, 413: problemSchema },
      },
    },
    async (request) => {
      const saved = await saveAccountFile(request, request.body.accountId, request.body.data, 'brand');
      return { accountId: saved.accountId, uriBrand: saved.url };
    },
  );

  routes.post(
    '/api/files/account_image',
    {
      config: { permission: 'accounts.manage' },
      schema: {
        tags: ['files'],
        summary: "Upload an account's image",
        body: accountFileBodySchema,
        response: { 200: accountImageResponseSchema, ...problems, 413: problemSchema },
      },
    },
    async (request) => {
      const saved = await saveAccountFile(request, request.body.accountId, request.body.data, 'image');
      return { accountId: saved.accountId, uriImage: saved.url };
    },
  );
}
