import { randomUUID } from 'node:crypto';
import { getAccountSummaryOverview, searchAccounts, uploadAccountBrand, uploadAccountImage } from '@colophon/contract';
import { accounts } from '@colophon/db';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveVisibleTree, visibleAccountRows } from '../../access/scope';
import { implement } from '../../engine/implement';
import { jsonRow } from '../../engine/json-row';
import { listPage } from '../../engine/list-page';
import { requestContext } from '../../engine/resource';
import { decodeImageUpload } from '../../integrations/files/image-upload';
import { accountSummaryOverview } from './overview';
import { accountFilters, accountIncludeFills, accountSorts } from './resource';
import { requireVisibleAccount, requireVisibleAccountWithChildren } from './tree';

/** The accounts calls beyond the generic five (part 7): the POST search, the overview, brand and image. */
export async function registerAccountRoutes(app: FastifyInstance) {
  const contextOf = (request: FastifyRequest) => requestContext(app, request);

  implement(app, searchAccounts, async function accountSearchPost(request) {
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
  });

  implement(app, getAccountSummaryOverview, async function accountSummaryOverviewOf(request) {
    const context = contextOf(request);
    const root = await requireVisibleAccountWithChildren(context, request.params.id);
    return accountSummaryOverview(context, root, request.query);
  });

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

  implement(app, uploadAccountBrand, async function uploadBrand(request) {
    const saved = await saveAccountFile(request, request.body.accountId, request.body.data, 'brand');
    return { accountId: saved.accountId, uriBrand: saved.url };
  });

  implement(app, uploadAccountImage, async function uploadImage(request) {
    const saved = await saveAccountFile(request, request.body.accountId, request.body.data, 'image');
    return { accountId: saved.accountId, uriImage: saved.url };
  });
}
