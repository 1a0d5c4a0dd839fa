import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIRECT_ADVISER, OWNER, SUPER, type TestApp, VOLUNTEER } from '../../api/test/harness';
import {
  ADVISER,
  type BadInput,
  demoAccounts,
  expectEachFieldNamed,
  mapDemoSchools,
  pathsOf,
  rosterCaller,
} from './support';

/**
 * Export presets and their form's pickers through the roster service as the dashboard serves it, on
 * a real PGlite database with the demo: CRUD, validation, names unique per owner, access along the
 * account tree.
 */

interface Preset {
  id: number;
  name: string;
  schoolId: number | null;
  districtId: number | null;
  ownerName: string;
  columns: string[];
  roles: string[];
  grades: string[];
  layout: string;
  fileNameTemplate: string;
  sortOrder: string;
  headerRow: boolean;
  createdBy: number | null;
}

let t: TestApp;
let lincolnSchool: number;
let otherSchool: number;
let oakSchool: number;
let studioDistrict: number;
let valleyDistrict: number;

const { roster } = rosterCaller(() => t);

const namesOf = (body: { data: { name: string }[] }) => body.data.map((item) => item.name);

const yearbook = {
  name: 'Yearbook portraits',
  roles: ['student'],
  grades: ['09', '10'],
  columns: ['sourcedId', 'familyName', 'givenName', 'gradeLabel', 'homeroom', 'imageFileName'],
  layout: 'csv-with-images',
  fileNameTemplate: '{familyName}_{givenName}_{sourcedId}',
  sortOrder: 'grade-homeroom-familyName',
};

beforeAll(async () => {
  t = await createTestApp();
  const demo = await demoAccounts(t);
  studioDistrict = (
    await roster(OWNER, 'POST', '/roster/districts', { name: 'Studio District', studioAccountId: demo.studioId })
  ).json().id;
  valleyDistrict = (
    await roster(SUPER, 'POST', '/roster/districts', { name: 'Valley District', studioAccountId: demo.oakValleyId })
  ).json().id;
  ({ lincolnSchool, otherSchool, oakSchool } = await mapDemoSchools(roster, demo, {
    lincoln: { sourcedId: 'org-lincoln', name: 'Lincoln High', districtId: studioDistrict },
    other: { sourcedId: 'org-other', name: 'Washington Middle' },
    oak: { sourcedId: 'org-oak', name: 'Oak Valley' },
  }));
});

afterAll(async () => {
  await t?.close();
});

describe('a preset', () => {
  it('is saved for a school, read, listed, changed and deleted', async () => {
    const created = await roster(ADVISER, 'POST', '/roster/export-presets', { ...yearbook, schoolId: lincolnSchool });
    expect(created.statusCode, created.body).toBe(201);
    const preset = created.json<Preset>();
    expect(preset).toMatchObject({
      ...yearbook,
      schoolId: lincolnSchool,
      districtId: null,
      ownerName: 'Lincoln High',
      headerRow: true,
    });
    expect(preset.createdBy).toEqual(expect.any(Number));
    expect((await roster(VOLUNTEER, 'GET', `/roster/export-presets/${preset.id}`)).json()).toMatchObject({
      name: 'Yearbook portraits',
    });

    const changed = await roster(ADVISER, 'PUT', `/roster/export-presets/${preset.id}`, {
      name: 'Staff list',
      roles: ['teacher', 'staff', 'teacher'],
      columns: ['familyName', 'givenName', 'role', 'email'],
      layout: 'csv',
      headerRow: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      name: 'Staff list',
      roles: ['teacher', 'staff'],
      grades: [],
      layout: 'csv',
      sortOrder: 'familyName',
      fileNameTemplate: '{familyName}_{givenName}_{sourcedId}',
      headerRow: false,
      schoolId: lincolnSchool,
    });

    const listed = await roster(ADVISER, 'GET', `/roster/export-presets?schoolId=${lincolnSchool}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(namesOf(listed.json())).toEqual(['Staff list']);

    expect((await roster(ADVISER, 'DELETE', `/roster/export-presets/${preset.id}`)).statusCode).toBe(204);
    expect((await roster(ADVISER, 'GET', `/roster/export-presets/${preset.id}`)).statusCode).toBe(404);
  });

  it('is saved for a district by the studio, whose schools’ staff do not see it', async () => {
    const created = await roster(OWNER, 'POST', '/roster/export-presets', {
      ...yearbook,
      name: 'District directory',
      districtId: studioDistrict,
    });
    expect(created.statusCode, created.body).toBe(201);
    const preset = created.json<Preset>();
    expect(preset).toMatchObject({ districtId: studioDistrict, schoolId: null, ownerName: 'Studio District' });
    expect((await roster(ADVISER, 'GET', `/roster/export-presets/${preset.id}`)).statusCode).toBe(404);
    expect(namesOf((await roster(ADVISER, 'GET', '/roster/export-presets')).json())).not.toContain(
      'District directory',
    );
    const byDistrict = await roster(OWNER, 'GET', `/roster/export-presets?districtId=${studioDistrict}`);
    expect(namesOf(byDistrict.json())).toEqual(['District directory']);
  });

  it('has a name unique per school or district, whatever its case', async () => {
    const first = await roster(OWNER, 'POST', '/roster/export-presets', {
      ...yearbook,
      name: 'Picture day',
      schoolId: otherSchool,
    });
    expect(first.statusCode, first.body).toBe(201);
    const twice = await roster(OWNER, 'POST', '/roster/export-presets', {
      ...yearbook,
      name: 'PICTURE DAY',
      schoolId: otherSchool,
    });
    expect(twice.statusCode).toBe(409);
    expect(pathsOf(twice.json())).toEqual(['name']);
    const elsewhere = await roster(OWNER, 'POST', '/roster/export-presets', {
      ...yearbook,
      name: 'Picture day',
      schoolId: lincolnSchool,
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    const renamed = await roster(OWNER, 'PUT', `/roster/export-presets/${elsewhere.json().id}`, {
      ...yearbook,
      name: 'Picture Day',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const second = await roster(OWNER, 'POST', '/roster/export-presets', {
      ...yearbook,
      name: 'Retakes',
      schoolId: otherSchool,
    });
    const clash = await roster(OWNER, 'PUT', `/roster/export-presets/${second.json().id}`, {
      ...yearbook,
      name: 'picture day',
    });
    expect(clash.statusCode).toBe(409);
    expect(pathsOf(clash.json())).toEqual(['name']);
    const atOnce = await Promise.all(
      [1, 2].map(() =>
        roster(OWNER, 'POST', '/roster/export-presets', { ...yearbook, name: 'At once', schoolId: otherSchool }),
      ),
    );
    expect(atOnce.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(pathsOf(atOnce.find((response) => response.statusCode === 409)?.json() ?? {})).toEqual(['name']);
  });

  it('names the field of bad input', async () => {
    const base = { ...yearbook, schoolId: lincolnSchool };
    const cases: BadInput[] = [
      ['columns.1', 'POST', '/roster/export-presets', { ...base, columns: ['familyName', 'shoeSize'] }],
      ['columns', 'POST', '/roster/export-presets', { ...base, columns: [] }],
      ['columns', 'POST', '/roster/export-presets', { ...base, columns: ['familyName'] }],
      ['columns.1', 'POST', '/roster/export-presets', { ...base, columns: ['imageFileName', 'imageFileName'] }],
      ['layout', 'POST', '/roster/export-presets', { ...base, layout: 'csv' }],
      ['layout', 'POST', '/roster/export-presets', { ...base, layout: 'pdf' }],
      ['fileNameTemplate', 'POST', '/roster/export-presets', { ...base, fileNameTemplate: '{shoeSize}_{sourcedId}' }],
      ['fileNameTemplate', 'POST', '/roster/export-presets', { ...base, fileNameTemplate: '{grade}/{familyName}' }],
      ['fileNameTemplate', 'POST', '/roster/export-presets', { ...base, fileNameTemplate: 'portrait' }],
      ['schoolId', 'POST', '/roster/export-presets', { ...yearbook }],
      ['schoolId', 'POST', '/roster/export-presets', { ...base, districtId: studioDistrict }],
      ['roles', 'POST', '/roster/export-presets', { ...base, roles: [] }],
      ['roles.0', 'POST', '/roster/export-presets', { ...base, roles: ['janitor'] }],
      ['grades.0', 'POST', '/roster/export-presets', { ...base, grades: ['14'] }],
      ['sortOrder', 'POST', '/roster/export-presets', { ...base, sortOrder: 'age' }],
      ['name', 'POST', '/roster/export-presets', { ...base, name: '  ' }],
      ['columns.0', 'PUT', '/roster/export-presets/1', { ...yearbook, columns: ['nope'] }],
      ['sort', 'GET', '/roster/export-presets?sort=age', undefined],
      ['perPage', 'GET', '/roster/export-presets/lookups/schools?perPage=0', undefined],
    ];
    await expectEachFieldNamed(roster, ADVISER, cases);
  });
});

describe('the pickers', () => {
  const lookup = async (email: string, url: string) => {
    const response = await roster(email, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { id: number; name: string }[]; total: number }>();
  };

  it('offer the schools and districts the caller may make a preset for, searched and paged', async () => {
    const ownerSchools = await lookup(OWNER, '/roster/export-presets/lookups/schools');
    expect(ownerSchools.data.map((school) => school.id)).toEqual([lincolnSchool, otherSchool]);
    expect(ownerSchools.data.map((school) => school.name)).toEqual(['Lincoln High', 'Washington Middle']);
    const paged = await lookup(OWNER, '/roster/export-presets/lookups/schools?perPage=1&page=2');
    expect(paged).toMatchObject({ total: 2, data: [{ id: otherSchool }] });
    expect((await lookup(OWNER, '/roster/export-presets/lookups/schools?search=wash')).data).toEqual([
      { id: otherSchool, name: 'Washington Middle' },
    ]);
    expect((await lookup(OWNER, '/roster/export-presets/lookups/districts')).data).toEqual([
      { id: studioDistrict, name: 'Studio District' },
    ]);

    expect((await lookup(ADVISER, '/roster/export-presets/lookups/schools')).data).toEqual([
      { id: lincolnSchool, name: 'Lincoln High' },
    ]);
    expect((await lookup(ADVISER, '/roster/export-presets/lookups/districts')).total).toBe(0);
    expect((await lookup(DIRECT_ADVISER, '/roster/export-presets/lookups/schools')).data).toEqual([
      { id: oakSchool, name: 'Oak Valley' },
    ]);
    const superDistricts = await lookup(SUPER, '/roster/export-presets/lookups/districts?search=district');
    expect(superDistricts.data.map((district) => district.id)).toEqual([studioDistrict, valleyDistrict]);
  });
});

describe('access', () => {
  it("answers 404 for another tenant's preset, school or district, and 403 for a volunteer's write", async () => {
    const mine = (
      await roster(ADVISER, 'POST', '/roster/export-presets', { ...yearbook, name: 'Access', schoolId: lincolnSchool })
    ).json<Preset>();
    expect((await roster(DIRECT_ADVISER, 'GET', `/roster/export-presets/${mine.id}`)).statusCode).toBe(404);
    expect((await roster(DIRECT_ADVISER, 'PUT', `/roster/export-presets/${mine.id}`, yearbook)).statusCode).toBe(404);
    expect((await roster(DIRECT_ADVISER, 'DELETE', `/roster/export-presets/${mine.id}`)).statusCode).toBe(404);
    expect((await roster(DIRECT_ADVISER, 'GET', `/roster/export-presets?schoolId=${lincolnSchool}`)).statusCode).toBe(
      404,
    );
    expect(
      (await roster(DIRECT_ADVISER, 'POST', '/roster/export-presets', { ...yearbook, schoolId: lincolnSchool }))
        .statusCode,
    ).toBe(404);
    expect(
      (await roster(OWNER, 'POST', '/roster/export-presets', { ...yearbook, districtId: valleyDistrict })).statusCode,
    ).toBe(404);
    expect(namesOf((await roster(DIRECT_ADVISER, 'GET', '/roster/export-presets')).json())).toEqual([]);
    expect(namesOf((await roster(SUPER, 'GET', '/roster/export-presets?search=access')).json())).toEqual(['Access']);

    const volunteer = await roster(VOLUNTEER, 'POST', '/roster/export-presets', {
      ...yearbook,
      name: 'Volunteer',
      schoolId: lincolnSchool,
    });
    expect(volunteer.statusCode).toBe(403);
    expect((await roster(VOLUNTEER, 'PUT', `/roster/export-presets/${mine.id}`, yearbook)).statusCode).toBe(403);
    expect((await roster(VOLUNTEER, 'DELETE', `/roster/export-presets/${mine.id}`)).statusCode).toBe(403);
    expect((await roster(VOLUNTEER, 'GET', '/roster/export-presets/lookups/schools')).statusCode).toBe(200);
  });
});

describe('the table', () => {
  it('refuses a layout or order outside the domain’s codes, and empty roles or columns', async () => {
    const [school] = await t.handle.db
      .execute<{ id: number }>(sql`select id from roster.schools limit 1`)
      .then((result) => (result as unknown as { rows: { id: number }[] }).rows);
    const insert = (layout: string, sortOrder: string, roles: string, columns: string) =>
      t.handle.db.execute(sql`insert into roster.export_presets
        (name, school_id, roles, columns, layout, file_name_template, sort_order)
        values (${`Raw ${layout} ${sortOrder} ${roles} ${columns}`}, ${school?.id}, ${roles}::jsonb, ${columns}::jsonb,
          ${layout}, '{sourcedId}', ${sortOrder})`);
    await expect(insert('csv', 'familyName', '["student"]', '["familyName"]')).resolves.toBeDefined();
    await expect(insert('pdf', 'familyName', '["student"]', '["familyName"]')).rejects.toThrow();
    await expect(insert('csv', 'age', '["student"]', '["familyName"]')).rejects.toThrow();
    await expect(insert('csv', 'familyName', '[]', '["familyName"]')).rejects.toThrow();
    await expect(insert('csv', 'familyName', '["student"]', '[]')).rejects.toThrow();
  });
});
