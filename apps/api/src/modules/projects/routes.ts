import {
  addLayoutSoftwareUser,
  createProjectMeta,
  createSalesRepProjectMeta,
  getProjectMeta,
  getProjectOptions,
  getSalesRepProjectMeta,
  getUpcomingSubmissions,
  projectsContract,
  searchProjects,
  updateProjectMeta,
  updateSalesRepProjectMeta,
} from '@colophon/contract';
import { accounts, projectMeta, projects, salesRepProjectMeta } from '@colophon/db';
import { agreementYears, bookSpecOptionLists, bookTypesOfferedTo, can, softwareType, years } from '@colophon/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountVisible } from '../../access/scope';
import { implement, type OperationRequest } from '../../engine/implement';
import { type ResourceContext, requestContext } from '../../engine/resource';
import { searchPage } from '../../engine/search-page';
import { forbidden, invalidField, notFound } from '../../errors';
import { layoutSoftwareAdapterFor } from '../../integrations/layout-software';
import { callerOf } from '../../plugins/authentication';
import { requireVisibleAccount, subtreeIdsSql } from '../accounts/tree';
import { projectFilters, projectIncludeFills, visibleProject } from './resource';
import { upcomingSubmissions } from './upcoming';

/** Sales-side figures are for the studio and its sales reps, never for the school. */
function assertSalesSide(context: ResourceContext) {
  if (!can(context.auth.user, 'projects.salesSide')) {
    throw forbidden('Only studio staff and sales reps see the sales side of a project.');
  }
}

export async function registerProjectRoutes(app: FastifyInstance) {
  const contextOf = (request: FastifyRequest) => requestContext(app, request);

  implement(app, getProjectOptions, async function projectOptions(request) {
    const { user } = callerOf(request);
    return {
      years: years.map((year) => ({ value: String(year), label: String(year) })),
      agreementYears: agreementYears.map((year) => ({ value: year, label: year })),
      ...bookSpecOptionLists({ typeBook: bookTypesOfferedTo(user.role, user.bSuperAdmin) }),
    };
  });

  implement(app, searchProjects, async function projectSearchPost(request) {
    const context = contextOf(request);
    const body = request.body;
    const where = and(accountVisible(context.auth, projects.accountId), ...projectFilters(body));
    return searchPage(context, projectsContract, { from: projects, where, includes: projectIncludeFills, body });
  });

  implement(app, getUpcomingSubmissions, async function upcomingSubmissionsOf(request) {
    const context = contextOf(request);
    const account = await requireVisibleAccount(context, request.params.id);
    const { limit, parentId } = request.query;
    const upcoming = await upcomingSubmissions(context.db, {
      accountIds: subtreeIdsSql(account.id),
      parentId,
      limit,
    });
    return { data: upcoming.data, limit };
  });

  // projects/{id}/project_meta — GET reads (empty until saved), POST and PUT both save.
  const metaView = (projectId: number, row: typeof projectMeta.$inferSelect | undefined) => ({
    projectId,
    theme: row?.theme ?? null,
    coverTitle: row?.coverTitle ?? null,
    enrollment: row?.enrollment ?? null,
    staffSize: row?.staffSize ?? null,
    notes: row?.notes ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  });
  implement(app, getProjectMeta, async function projectMetaOf(request) {
    const context = contextOf(request);
    const project = await visibleProject(context, request.params.id);
    const [row] = await context.db.select().from(projectMeta).where(eq(projectMeta.projectId, project.id));
    return metaView(project.id, row);
  });
  async function saveProjectMeta(request: OperationRequest<typeof updateProjectMeta>) {
    const context = contextOf(request);
    const project = await visibleProject(context, request.params.id);
    const changes = { ...request.body, updatedByUserId: context.auth.user.id };
    const [row] = await context.db
      .insert(projectMeta)
      .values({ projectId: project.id, ...changes })
      .onConflictDoUpdate({ target: projectMeta.projectId, set: { ...changes, updatedAt: new Date() } })
      .returning();
    return metaView(project.id, row);
  }
  implement<typeof createProjectMeta>(app, createProjectMeta, saveProjectMeta);
  implement(app, updateProjectMeta, saveProjectMeta);

  // projects/{id}/sales_rep_project_meta — the same, for the sales side.
  const salesView = (projectId: number, row: typeof salesRepProjectMeta.$inferSelect | undefined) => ({
    projectId,
    commissionPercent: row?.commissionPercent ?? null,
    pricePerBookCents: row?.pricePerBookCents ?? null,
    pricingDesignation: row?.pricingDesignation ?? null,
    estimatedCopies: row?.estimatedCopies ?? null,
    followUpDate: row?.followUpDate ?? null,
    notes: row?.notes ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  });
  implement(app, getSalesRepProjectMeta, async function salesRepProjectMetaOf(request) {
    const context = contextOf(request);
    const project = await visibleProject(context, request.params.id);
    assertSalesSide(context);
    const [row] = await context.db
      .select()
      .from(salesRepProjectMeta)
      .where(eq(salesRepProjectMeta.projectId, project.id));
    return salesView(project.id, row);
  });
  async function saveSalesRepProjectMeta(request: OperationRequest<typeof updateSalesRepProjectMeta>) {
    const context = contextOf(request);
    const project = await visibleProject(context, request.params.id);
    assertSalesSide(context);
    const changes = { ...request.body, updatedByUserId: context.auth.user.id };
    const [row] = await context.db
      .insert(salesRepProjectMeta)
      .values({ projectId: project.id, ...changes })
      .onConflictDoUpdate({ target: salesRepProjectMeta.projectId, set: { ...changes, updatedAt: new Date() } })
      .returning();
    return salesView(project.id, row);
  }
  implement<typeof createSalesRepProjectMeta>(app, createSalesRepProjectMeta, saveSalesRepProjectMeta);
  implement(app, updateSalesRepProjectMeta, saveSalesRepProjectMeta);

  implement(app, addLayoutSoftwareUser, async function addLayoutSoftwareUserTo(request, reply) {
    const context = contextOf(request);
    const { software } = request.params;
    const project = await visibleProject(context, request.body.projectId);
    const [account] = await context.db.select().from(accounts).where(eq(accounts.id, project.accountId));
    if (!account) throw notFound(`Project ${project.id}`);
    const used = project.typeSoftware ?? account.typeSoftware;
    if (used !== software) {
      throw invalidField(
        'software',
        `${project.name} is built with ${softwareType.label(used)}, not ${softwareType.label(software)}.`,
      );
    }
    const adapter = layoutSoftwareAdapterFor(context.db, software);
    const result = await adapter.addUser({
      software,
      projectId: project.id,
      accountId: account.id,
      email: request.body.email,
      firstName: request.body.firstName,
      lastName: request.body.lastName,
      role: request.body.role,
      addedByUserId: context.auth.user.id,
    });
    return reply
      .status(result.status === 'added' ? 201 : 200)
      .send({ ...result, adapter: adapter.name, createdAt: result.createdAt.toISOString() });
  });
}
