import { randomUUID } from 'node:crypto';
import {
  accountsContract,
  getAccountSummaryOverview,
  searchAccounts,
  uploadAccountBrand,
  uploadAccountImage,
} from '@colophon/contract';
import { accounts } from '@colophon/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveVisibleTree, visibleAccountRows } from '../../access/scope';
import { implement } from '../../engine/implement';
import { requestContext } from '../../engine/resource';
import { searchPage } from '../../engine/search-page';
import { decodeImageUpload } from '../../integrations/files/image-upload';
import { accountSummaryOverview } from './overview';
import { accountFilters, accountIncludeFills } from './resource';
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
    return searchPage(context, accountsContract, { from: accounts, where, includes: accountIncludeFills, body });
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
