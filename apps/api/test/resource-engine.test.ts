import { auditLog, manufacturers } from '@colophon/db';
import { count, desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVISER, createTestApp, SUPER, type TestApp } from './harness';

let t: TestApp;
let beltsvilleId: number;
let phoenixId: number;
beforeAll(async () => {
  t = await createTestApp();
  const plants = (await t.call({ method: 'GET', url: '/api/manufacturing_plants', as: SUPER })).json().data;
  beltsvilleId = plants.find((plant: { code: string }) => plant.code === 'B').id;
  phoenixId = plants.find((plant: { code: string }) => plant.code === 'P').id;
});
afterAll(async () => t.close());

const manufacturerCount = async () => Number((await t.handle.db.select({ n: count() }).from(manufacturers))[0]?.n);

describe('the resource engine, on manufacturing plants and manufacturers', () => {
  it('lists the two plants of the spec, B Beltsville and P Phoenix, to any signed-in user', async () => {
    const response = await t.call({ method: 'GET', url: '/api/manufacturing_plants?sort=code', as: ADVISER });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((plant: { code: string; name: string }) => `${plant.code} ${plant.name}`)).toEqual([
      'B Beltsville',
      'P Phoenix',
    ]);
  });

  it('filters with repeated bracketed keys, includes related records, and drops empty values', async () => {
    const response = await t.call({
      method: 'GET',
      url: `/api/manufacturers?plantId[]=${phoenixId}&include=plant&search=&sort=-turnTimeDays`,
      as: SUPER,
    });
    expect(response.statusCode).toBe(200);
    const { data, total } = response.json();
    expect(total).toBe(5);
    expect(data.every((manufacturer: { plant: { code: string } }) => manufacturer.plant.code === 'P')).toBe(true);
    const turnTimes = data.map((manufacturer: { turnTimeDays: number }) => manufacturer.turnTimeDays);
    expect(turnTimes).toEqual([...turnTimes].sort((a, b) => b - a));
    const both = await t.call({
      method: 'GET',
      url: `/api/manufacturers?plantId[]=${phoenixId}&plantId[]=${beltsvilleId}`,
      as: SUPER,
    });
    expect(both.json().total).toBe(10);
    const active = await t.call({ method: 'GET', url: '/api/manufacturers?isActive=true', as: SUPER });
    expect(active.json().total).toBe(9);
  });

  it('creates, reads, updates and deletes a manufacturer, auditing each write', async () => {
    const created = await t.call({
      method: 'POST',
      url: '/api/manufacturers',
      as: SUPER,
      payload: {
        code: 'PHX9',
        name: 'Phoenix Night Shift',
        plantId: phoenixId,
        turnTimeDays: 12,
        expeditedTurnTimeDays: 6,
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const read = await t.call({ method: 'GET', url: `/api/manufacturers/${id}?include=plant`, as: SUPER });
    expect(read.json()).toMatchObject({ code: 'PHX9', plant: { name: 'Phoenix' }, isActive: true });
    const updated = await t.call({
      method: 'PUT',
      url: `/api/manufacturers/${id}`,
      as: SUPER,
      payload: { turnTimeDays: 14 },
    });
    expect(updated.json()).toMatchObject({ turnTimeDays: 14, expeditedTurnTimeDays: 6 });
    const [entry] = await t.handle.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: 'PUT', resource: 'manufacturers/:id', resourceId: String(id) });
    expect((await t.call({ method: 'DELETE', url: `/api/manufacturers/${id}`, as: SUPER })).statusCode).toBe(204);
    expect((await t.call({ method: 'GET', url: `/api/manufacturers/${id}`, as: SUPER })).statusCode).toBe(404);
  });

  it('refuses bad input naming each field, and writes nothing', async () => {
    const before = await manufacturerCount();
    const response = await t.call({
      method: 'POST',
      url: '/api/manufacturers',
      as: SUPER,
      payload: { code: 'bad code', name: '', plantId: 'one', turnTimeDays: 0 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    const paths = response.json().errors.map((error: { path: string }) => error.path);
    expect(paths).toEqual(expect.arrayContaining(['code', 'name', 'plantId', 'turnTimeDays']));
    const unknownPlant = await t.call({
      method: 'POST',
      url: '/api/manufacturers',
      as: SUPER,
      payload: { code: 'ZZ1', name: 'Nowhere', plantId: 999999, turnTimeDays: 5 },
    });
    expect(unknownPlant.statusCode).toBe(400);
    expect(unknownPlant.json().errors[0]).toMatchObject({ path: 'plantId' });
    const slowExpedited = await t.call({
      method: 'POST',
      url: '/api/manufacturers',
      as: SUPER,
      payload: { code: 'ZZ2', name: 'Slow', plantId: phoenixId, turnTimeDays: 5, expeditedTurnTimeDays: 9 },
    });
    expect(slowExpedited.json().errors[0].path).toBe('expeditedTurnTimeDays');
    const tooLong = await t.call({
      method: 'POST',
      url: '/api/manufacturers',
      as: SUPER,
      payload: { code: 'ZZ3', name: 'x'.repeat(121), plantId: phoenixId, turnTimeDays: 5 },
    });
    expect(tooLong.json().errors[0].path).toBe('name');
    expect(await manufacturerCount()).toBe(before);
  });

  it('refuses a duplicate code with 409 naming the field', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/manufacturers',
      as: SUPER,
      payload: { code: 'BLT1', name: 'Again', plantId: beltsvilleId, turnTimeDays: 5 },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0]).toEqual({ path: 'code', message: 'Another manufacturer already has this code.' });
  });

  it('refuses to delete a plant that manufacturers still use', async () => {
    const response = await t.call({ method: 'DELETE', url: `/api/manufacturing_plants/${beltsvilleId}`, as: SUPER });
    expect(response.statusCode).toBe(409);
  });

  it('lets only the plant side write (403 for a school)', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/manufacturing_plants',
      as: ADVISER,
      payload: { code: 'Q', name: 'Quincy' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('answers 404 for an id that does not exist', async () => {
    const response = await t.call({
      method: 'PUT',
      url: '/api/manufacturers/999999',
      as: SUPER,
      payload: { name: 'X' },
    });
    expect(response.statusCode).toBe(404);
  });

  it('exports CSV with spreadsheet formulas neutralised', async () => {
    await t.call({
      method: 'POST',
      url: '/api/manufacturing_plants',
      as: SUPER,
      payload: { code: 'Z', name: '=HYPERLINK("x")' },
    });
    const csv = (await t.call({ method: 'GET', url: '/api/manufacturing_plants/export?sort=code', as: SUPER })).body;
    expect(csv.split('\r\n')).toEqual(['Code,Name', 'B,Beltsville', 'P,Phoenix', `Z,"'=HYPERLINK(""x"")"`]);
  });
});

describe('the platform', () => {
  it('answers the health check with the database kind and version', async () => {
    const response = await t.call({ method: 'GET', url: '/api/health' });
    expect(response.json()).toMatchObject({ status: 'ok', version: '1.147.0' });
    expect(response.headers['x-dashboard-version']).toBe('1.147.0');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the OpenAPI document', async () => {
    const response = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/manufacturers', '/api/users/{id}/user_permissions']),
    );
  });

  it('refuses a body over the size limit with 413', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(t.config.bodyLimitBytes) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toContain('application/problem+json');
  });

  it('refuses a body that is not JSON with 415', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(response.statusCode).toBe(415);
  });
});
