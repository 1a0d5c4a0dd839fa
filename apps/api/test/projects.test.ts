import { accounts, layoutSoftwareUsers, notifications } from '@colophon/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVISER, createTestApp, DIRECT_ADVISER, OWNER, SUPER, type TestApp } from './harness';
import { projectOf } from './proof-fixtures';

const SALES_REP = 'salesrep@colophon.test';
const TREASURER = 'treasurer@colophon.test';

let t: TestApp;
const accountIds: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const row of await t.handle.db.select().from(accounts)) accountIds[row.name] = row.id;
});
afterAll(async () => t.close());

describe('the projects resource', () => {
  it('keeps the studio owner to its tree and a school adviser to its school', async () => {
    const owner = (await t.call({ method: 'GET', url: '/api/projects?perPage=100&include=account', as: OWNER })).json();
    expect(owner.total).toBeGreaterThan(50);
    expect(
      owner.data.some((project: { account: { name: string } }) => project.account.name === 'Oak Valley High School'),
    ).toBe(false);
    const adviser = (await t.call({ method: 'GET', url: '/api/projects?perPage=100', as: ADVISER })).json();
    expect(new Set(adviser.data.map((project: { accountId: number }) => project.accountId))).toEqual(
      new Set([accountIds['Lincoln High School']]),
    );
    const { project: oakValley } = await projectOf(t, 'Oak Valley High School');
    const foreign = await t.call({ method: 'GET', url: `/api/projects/${oakValley.id}`, as: ADVISER });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe(`Project ${oakValley.id} was not found.`);
    const own = await t.call({ method: 'GET', url: `/api/projects/${oakValley.id}?include=meta`, as: DIRECT_ADVISER });
    expect(own.statusCode).toBe(200);
    expect(own.json().meta).toBeNull();
  });

  it('filters by year, book type, software, tree and deadline, and sorts', async () => {
    const response = await t.call({
      method: 'GET',
      url: `/api/projects?year[]=2026&typeBook[]=5&typeBook[]=9&ancestorId=${accountIds['Evergreen Portrait Studio']}&sort=-submissionDeadline&perPage=100`,
      as: SUPER,
    });
    const { data } = response.json();
    expect(data.length).toBeGreaterThan(2);
    expect(
      data.every(
        (project: { year: number; typeBook: number }) => project.year === 2026 && [5, 9].includes(project.typeBook),
      ),
    ).toBe(true);
    const deadlines = data.map((project: { submissionDeadline: string }) => project.submissionDeadline);
    expect(deadlines).toEqual([...deadlines].sort().reverse());
    const search = (await t.call({ method: 'GET', url: '/api/projects?search=lincoln', as: OWNER })).json();
    expect(search.data.every((project: { name: string }) => project.name.startsWith('Lincoln'))).toBe(true);
  });

  it('creates a project from the account’s defaults for new projects, nearest account first', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/projects',
      as: OWNER,
      payload: {
        accountId: accountIds['Maple Grove Elementary'],
        name: 'Maple Grove Spring Memories',
        year: 2026,
        typeBook: 3,
        pageCount: 64,
        coverApplications: [3, 11],
        submissionDeadline: '2026-03-01',
        inHomeDate: '2026-05-01',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    // typeCover from Evergreen North; size, finish, printer, dock and copies from the studio; software from the school.
    expect(response.json()).toMatchObject({
      typeBook: 3,
      typeCover: 2,
      typeSize: 8,
      typeFinish: 3,
      typePrinter: 1,
      typeDock: 0,
      copies: 150,
      typeSoftware: 0,
      coverApplications: [3, 11],
      isActive: true,
    });
    const [created] = await t.handle.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.projectId, response.json().id), eq(notifications.typeNotification, 61)));
    expect(created?.projectName).toBe('Maple Grove Spring Memories');
  });

  it.each([
    { name: 'no book type anywhere', payload: {}, path: 'typeBook' },
    { name: 'an unknown book type', payload: { typeBook: 11 }, path: 'typeBook' },
    { name: 'a year outside 2016 to 2026', payload: { typeBook: 5, year: 2030 }, path: 'year' },
    { name: 'too many pages for saddle stitching', payload: { typeBook: 1, pageCount: 120 }, path: 'pageCount' },
    {
      name: 'a hard cover without a board',
      payload: { typeBook: 5, typeCoverBoardWeight: 0 },
      path: 'typeCoverBoardWeight',
    },
    {
      name: 'None with other applications',
      payload: { typeBook: 5, coverApplications: [0, 3] },
      path: 'coverApplications',
    },
    {
      name: 'an unknown cover application',
      payload: { typeBook: 5, coverApplications: [14] },
      path: 'coverApplications.0',
    },
    {
      name: 'in-home before the deadline',
      payload: { typeBook: 5, submissionDeadline: '2026-04-01', inHomeDate: '2026-03-01' },
      path: 'inHomeDate',
    },
    {
      name: 'a malformed date',
      payload: { typeBook: 5, submissionDeadline: '04/01/2026' },
      path: 'submissionDeadline',
    },
    { name: 'an unknown dock code', payload: { typeBook: 5, typeDock: 3 }, path: 'typeDock' },
    {
      name: 'Store Only software on a layout-software school',
      payload: { typeBook: 5, typeSoftware: 9 },
      path: 'typeSoftware',
    },
  ])('refuses $name with a 400 naming $path', async ({ payload, path }) => {
    const response = await t.call({
      method: 'POST',
      url: '/api/projects',
      as: OWNER,
      payload: { accountId: accountIds['Riverside Middle School'], name: 'Test book', year: 2026, ...payload },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe(path);
  });

  it('keeps a Store Only account’s books out of layout software', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/projects',
      as: OWNER,
      payload: {
        accountId: accountIds['Lincoln High School'],
        name: 'Lincoln 2027',
        year: 2026,
        typeBook: 5,
        typeSoftware: 3,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe('typeSoftware');
    const storeOnly = await t.call({
      method: 'POST',
      url: '/api/projects',
      as: OWNER,
      payload: { accountId: accountIds['Lincoln High School'], name: 'Lincoln store book', year: 2026, typeBook: 5 },
    });
    expect(storeOnly.statusCode).toBe(201);
    expect(storeOnly.json().typeSoftware).toBe(9);
  });

  it('answers 400 naming accountId for another tenant’s account, 404 for another tenant’s project', async () => {
    const create = await t.call({
      method: 'POST',
      url: '/api/projects',
      as: OWNER,
      payload: { accountId: accountIds['Oak Valley High School'], name: 'Not mine', year: 2026, typeBook: 5 },
    });
    expect(create.statusCode).toBe(400);
    expect(create.json().errors[0].path).toBe('accountId');
    const { project: oakValley } = await projectOf(t, 'Oak Valley High School');
    const update = await t.call({
      method: 'PUT',
      url: `/api/projects/${oakValley.id}`,
      as: OWNER,
      payload: { copies: 5 },
    });
    expect(update.statusCode).toBe(404);
    const remove = await t.call({ method: 'DELETE', url: `/api/projects/${oakValley.id}`, as: OWNER });
    expect(remove.statusCode).toBe(404);
  });

  it('updates a project, checking the whole specification', async () => {
    const { project: riverside } = await projectOf(t, 'Riverside Middle School');
    const response = await t.call({
      method: 'PUT',
      url: `/api/projects/${riverside.id}`,
      as: OWNER,
      payload: { copies: 420, inHomeDate: '2026-06-01', submissionDeadline: '2026-04-01' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ copies: 420, inHomeDate: '2026-06-01' });
    const bad = await t.call({
      method: 'PUT',
      url: `/api/projects/${riverside.id}`,
      as: OWNER,
      payload: { inHomeDate: '2026-01-01' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('inHomeDate');
  });

  it('deactivates on DELETE', async () => {
    const created = (
      await t.call({
        method: 'POST',
        url: '/api/projects',
        as: OWNER,
        payload: { accountId: accountIds['Cedar Park K-8'], name: 'To close', year: 2025, typeBook: 5 },
      })
    ).json();
    const removed = await t.call({ method: 'DELETE', url: `/api/projects/${created.id}`, as: OWNER });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().isActive).toBe(false);
  });
});

describe('the sales-rep view', () => {
  it('offers a sales rep only book types 1, 2, 3, 5, 9 and 10', async () => {
    const rep = (await t.call({ method: 'GET', url: '/api/projects/options', as: SALES_REP })).json();
    expect(rep.bookTypes.map((option: { value: string }) => Number(option.value))).toEqual([1, 2, 3, 5, 9, 10]);
    const owner = (await t.call({ method: 'GET', url: '/api/projects/options', as: OWNER })).json();
    expect(owner.bookTypes).toHaveLength(10);
    expect(owner.agreementYears.map((option: { value: string }) => option.value)).toEqual(['2025-2026', '2024-2025']);
    expect(owner.coverApplications).toHaveLength(14);
  });

  it('refuses a sales rep any other book type, on create and on change', async () => {
    const payload = { accountId: accountIds['Jefferson Middle School'], name: 'Jefferson 2026', year: 2026 };
    const refused = await t.call({
      method: 'POST',
      url: '/api/projects',
      as: SALES_REP,
      payload: { ...payload, typeBook: 4 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].path).toBe('typeBook');
    const allowed = await t.call({
      method: 'POST',
      url: '/api/projects',
      as: SALES_REP,
      payload: { ...payload, typeBook: 9 },
    });
    expect(allowed.statusCode).toBe(201);
    const change = await t.call({
      method: 'PUT',
      url: `/api/projects/${allowed.json().id}`,
      as: SALES_REP,
      payload: { typeBook: 6 },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().errors[0].path).toBe('typeBook');
    // An owner may choose any type; the rep may then edit the project without changing it.
    await t.call({
      method: 'PUT',
      url: `/api/projects/${allowed.json().id}`,
      as: OWNER,
      payload: { typeBook: 6, typeCoverBoardWeight: 100 },
    });
    const keep = await t.call({
      method: 'PUT',
      url: `/api/projects/${allowed.json().id}`,
      as: SALES_REP,
      payload: { typeBook: 6, copies: 99 },
    });
    expect(keep.statusCode).toBe(200);
  });
});

describe('POST projects/get/get_projects_post', () => {
  it('searches with a body of filters within the caller’s tree', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/projects/get/get_projects_post',
      as: OWNER,
      payload: {
        year: [2026],
        typeSoftware: [9],
        deadlineFrom: '2000-01-01',
        sort: 'submissionDeadline',
        include: ['account'],
      },
    });
    expect(response.statusCode).toBe(200);
    const { data, total } = response.json();
    expect(total).toBeGreaterThan(2);
    expect(
      data.every((project: { typeSoftware: number; account: { typeSoftware: number } }) => project.typeSoftware === 9),
    ).toBe(true);
    const { project: oakValley } = await projectOf(t, 'Oak Valley High School');
    const foreign = await t.call({
      method: 'POST',
      url: '/api/projects/get/get_projects_post',
      as: OWNER,
      payload: { ids: [oakValley.id] },
    });
    expect(foreign.json().total).toBe(0);
  });

  it('answers 400 naming the field', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/projects/get/get_projects_post',
      as: OWNER,
      payload: { deadlineFrom: 'yesterday' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe('deadlineFrom');
  });
});

describe('project meta and sales-rep project meta', () => {
  it('reads the empty meta, then saves it with POST and PUT', async () => {
    const { project: maple } = await projectOf(t, 'Maple Grove Elementary');
    const empty = (await t.call({ method: 'GET', url: `/api/projects/${maple.id}/project_meta`, as: OWNER })).json();
    expect(empty).toMatchObject({ projectId: maple.id, theme: null, updatedAt: null });
    const saved = await t.call({
      method: 'POST',
      url: `/api/projects/${maple.id}/project_meta`,
      as: OWNER,
      payload: { theme: 'Under the Sea', enrollment: 420 },
    });
    expect(saved.statusCode).toBe(200);
    const changed = await t.call({
      method: 'PUT',
      url: `/api/projects/${maple.id}/project_meta`,
      as: OWNER,
      payload: { coverTitle: 'Maple Memories' },
    });
    expect(changed.json()).toMatchObject({ theme: 'Under the Sea', enrollment: 420, coverTitle: 'Maple Memories' });
    const { project: lincoln } = await projectOf(t, 'Lincoln High School');
    expect(
      (await t.call({ method: 'GET', url: `/api/projects/${lincoln.id}/project_meta`, as: ADVISER })).json().theme,
    ).toBe('Roots & Wings');
  });

  it('answers 400 naming the field and 404 for another tenant’s project', async () => {
    const { project: maple } = await projectOf(t, 'Maple Grove Elementary');
    const bad = await t.call({
      method: 'PUT',
      url: `/api/projects/${maple.id}/project_meta`,
      as: OWNER,
      payload: { enrollment: -1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('enrollment');
    const { project: oakValley } = await projectOf(t, 'Oak Valley High School');
    const foreign = await t.call({ method: 'GET', url: `/api/projects/${oakValley.id}/project_meta`, as: ADVISER });
    expect(foreign.statusCode).toBe(404);
  });

  it('gives the sales side to studio staff and sales reps, never to the school', async () => {
    const { project: westview } = await projectOf(t, 'Westview K-12 Academy');
    const saved = await t.call({
      method: 'PUT',
      url: `/api/projects/${westview.id}/sales_rep_project_meta`,
      as: SALES_REP,
      payload: { commissionPercent: 15, pricePerBookCents: 3495, pricingDesignation: 'M', followUpDate: '2026-12-01' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ commissionPercent: 15, pricePerBookCents: 3495, pricingDesignation: 'M' });
    const owner = await t.call({
      method: 'GET',
      url: `/api/projects/${westview.id}/sales_rep_project_meta`,
      as: OWNER,
    });
    expect(owner.json().commissionPercent).toBe(15);
    const { project: lincoln } = await projectOf(t, 'Lincoln High School');
    const school = await t.call({
      method: 'GET',
      url: `/api/projects/${lincoln.id}/sales_rep_project_meta`,
      as: ADVISER,
    });
    expect(school.statusCode).toBe(403);
    const foreign = await t.call({
      method: 'GET',
      url: `/api/projects/${lincoln.id}/sales_rep_project_meta`,
      as: SALES_REP,
    });
    expect(foreign.statusCode).toBe(404);
    for (const payload of [{ commissionPercent: 7 }, { pricingDesignation: 'J' }, { pricePerBookCents: 12.5 }]) {
      const bad = await t.call({
        method: 'POST',
        url: `/api/projects/${westview.id}/sales_rep_project_meta`,
        as: OWNER,
        payload,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].path).toBe(Object.keys(payload)[0]);
    }
  });
});

describe('upcoming submissions', () => {
  it('lists the tree’s coming deadlines, soonest first, with warnings', async () => {
    const studio = accountIds['Evergreen Portrait Studio'];
    const response = await t.call({ method: 'GET', url: `/api/projects/upcoming/submissions/${studio}`, as: OWNER });
    expect(response.statusCode).toBe(200);
    const { data, limit } = response.json();
    expect(limit).toBe(50);
    expect(data.length).toBeGreaterThan(10);
    const deadlines = data.map((row: { submissionDeadline: string }) => row.submissionDeadline);
    expect(deadlines).toEqual([...deadlines].sort());
    const warnings = new Set(data.map((row: { deadlineWarning: string }) => row.deadlineWarning));
    expect(warnings).toEqual(new Set(['overdue', 'due', 'soon', 'later']));
    for (const row of data) {
      expect(row.deadlineWarning === 'overdue').toBe(row.daysUntilDeadline < 0);
      expect(row.daysUntilDeadline).toBeGreaterThanOrEqual(-30);
    }
    expect(data.some((row: { accountName: string }) => row.accountName === 'Oak Valley High School')).toBe(false);
  });

  it('takes a limit and narrows to the schools under one sub-studio', async () => {
    const studio = accountIds['Evergreen Portrait Studio'];
    const north = accountIds['Evergreen North'];
    const limited = (
      await t.call({ method: 'GET', url: `/api/projects/upcoming/submissions/${studio}?limit=3`, as: OWNER })
    ).json();
    expect(limited.data).toHaveLength(3);
    const narrowed = (
      await t.call({ method: 'GET', url: `/api/projects/upcoming/submissions/${studio}?parentId=${north}`, as: OWNER })
    ).json();
    expect(narrowed.data.length).toBeGreaterThan(0);
    expect(narrowed.data.every((row: { parentAccountId: number }) => row.parentAccountId === north)).toBe(true);
    const bad = await t.call({ method: 'GET', url: `/api/projects/upcoming/submissions/${studio}?limit=0`, as: OWNER });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('limit');
  });

  it('answers 404 for another tenant’s account', async () => {
    const response = await t.call({
      method: 'GET',
      url: `/api/projects/upcoming/submissions/${accountIds['Oak Valley High School']}`,
      as: OWNER,
    });
    expect(response.statusCode).toBe(404);
    const refused = await t.call({
      method: 'GET',
      url: `/api/projects/upcoming/submissions/${accountIds['Lincoln High School']}`,
      as: TREASURER,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('POST api/{software}/add_user', () => {
  it('adds a person to the book’s layout software through the offline adapter, once', async () => {
    // Fraser Valley Elementary builds its book in software 3.
    const { project: fraser } = await projectOf(t, 'Fraser Valley Elementary');
    const payload = { projectId: fraser.id, email: 'Editor@Fraser.test', firstName: 'Erin', lastName: 'Editor' };
    const added = await t.call({ method: 'POST', url: '/api/api/3/add_user', as: OWNER, payload });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      software: 3,
      projectId: fraser.id,
      email: 'editor@fraser.test',
      role: 'staff',
      status: 'added',
      adapter: 'offline',
    });
    expect(added.json().externalUserId).toMatch(/^offline-3-/);
    const again = await t.call({ method: 'POST', url: '/api/api/3/add_user', as: OWNER, payload });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'already_added', externalUserId: added.json().externalUserId });
    const stored = await t.handle.db
      .select()
      .from(layoutSoftwareUsers)
      .where(eq(layoutSoftwareUsers.projectId, fraser.id));
    expect(stored).toHaveLength(1);
  });

  it('refuses another software than the book’s, and a Store Only book, naming software', async () => {
    const { project: fraser } = await projectOf(t, 'Fraser Valley Elementary');
    const payload = { projectId: fraser.id, email: 'x@fraser.test', firstName: 'X', lastName: 'Y' };
    const other = await t.call({ method: 'POST', url: '/api/api/4/add_user', as: OWNER, payload });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors[0].path).toBe('software');
    const storeOnly = await t.call({ method: 'POST', url: '/api/api/9/add_user', as: OWNER, payload });
    expect(storeOnly.statusCode).toBe(400);
    expect(storeOnly.json().errors[0].path).toBe('software');
    const { project: lincoln } = await projectOf(t, 'Lincoln High School');
    const lincolnBook = await t.call({
      method: 'POST',
      url: '/api/api/3/add_user',
      as: OWNER,
      payload: { ...payload, projectId: lincoln.id },
    });
    expect(lincolnBook.json().errors[0].path).toBe('software');
    const badEmail = await t.call({
      method: 'POST',
      url: '/api/api/3/add_user',
      as: OWNER,
      payload: { ...payload, email: 'nope' },
    });
    expect(badEmail.json().errors[0].path).toBe('email');
  });

  it('answers 404 for another tenant’s project', async () => {
    const { project: oakValley } = await projectOf(t, 'Oak Valley High School');
    const response = await t.call({
      method: 'POST',
      url: '/api/api/3/add_user',
      as: OWNER,
      payload: { projectId: oakValley.id, email: 'x@oak.test', firstName: 'X', lastName: 'Y' },
    });
    expect(response.statusCode).toBe(404);
  });
});
