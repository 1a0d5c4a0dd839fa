import { manufacturers } from '@colophon/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, SUPER, type TestApp } from './harness';

let t: TestApp;
const manufacturerIds: Record<string, number> = {};
/** The clock the routes read "today" from: a Friday before Thanksgiving, in London. */
const NOW = new Date('2026-11-20T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  for (const row of await t.handle.db.select().from(manufacturers)) manufacturerIds[row.code] = row.id;
});
beforeEach(() => {
  t.app.services.clock.now = () => NOW;
});
afterAll(async () => t.close());

const get = (url: string) => t.call({ method: 'GET', url, as: SUPER });
const anonymous = (url: string) => t.call({ method: 'GET', url });
const fieldOf = (body: { errors?: { path: string; message: string }[] }) => body.errors?.map((error) => error.path);

describe('GET business_days', () => {
  it('needs a session', async () => {
    expect((await anonymous('/api/business_days?days=1')).statusCode).toBe(401);
  });

  it.each([
    // query, date, skipped
    ['days=1&start=2026-11-25', '2026-11-27', ['2026-11-26']],
    ['days=1&start=2026-12-24', '2026-12-28', ['2026-12-25']],
    ['days=1&start=2026-12-31', '2027-01-04', ['2027-01-01']],
    ['days=1&start=2027-12-23', '2027-12-27', ['2027-12-24']],
    ['days=1&start=2027-12-30', '2028-01-03', ['2027-12-31']],
    ['days=0&start=2026-11-21', '2026-11-21', []],
  ])('%s → %s, past US federal holidays', async (query, date, skipped) => {
    const response = await get(`/api/business_days?${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().date).toBe(date);
    expect(response.json().skipped.map((day: { date: string }) => day.date)).toEqual(skipped);
  });

  it("skips the manufacturer's closures too, and formats the date as asked", async () => {
    const response = await get(
      `/api/business_days?days=1&start=2026-12-24&manufacturer_id=${manufacturerIds.BLT1}&format=MM/DD/YYYY`,
    );
    expect(response.json()).toEqual({
      start: '2026-12-24',
      date: '2027-01-04',
      formatted: '01/04/2027',
      days: 1,
      turnTimeDays: 0,
      skipped: [
        { date: '2026-12-25', reason: 'Christmas Day' },
        { date: '2026-12-28', reason: 'Year-end plant shutdown' },
        { date: '2026-12-29', reason: 'Year-end plant shutdown' },
        { date: '2026-12-30', reason: 'Year-end plant shutdown' },
        { date: '2026-12-31', reason: 'Year-end plant shutdown' },
        { date: '2027-01-01', reason: "New Year's Day" },
      ],
    });
  });

  it("adds the manufacturer's turn time for the book type, the redo one for a redo", async () => {
    const base = `/api/business_days?days=0&start=2026-11-02&manufacturer_id=${manufacturerIds.BLT1}&type_book=5`;
    const standard = (await get(base)).json();
    // BLT1 takes 15 business days, a standard hard cover 2 more; Veterans Day and Thanksgiving are skipped.
    expect(standard).toMatchObject({ turnTimeDays: 17, date: '2026-11-27' });
    expect(standard.skipped.map((day: { date: string }) => day.date)).toEqual(['2026-11-11', '2026-11-26']);
    const redo = (await get(`${base}&is_redo=true`)).json();
    expect(redo).toMatchObject({ turnTimeDays: 9, date: '2026-11-16' });
  });

  it('counts from today in London by default', async () => {
    // 23:30 UTC on 1 July is already 2 July in London (BST).
    t.app.services.clock.now = () => new Date('2026-07-01T23:30:00Z');
    expect((await get('/api/business_days?days=1')).json()).toMatchObject({ start: '2026-07-02', date: '2026-07-06' });
  });

  it.each([
    ['days=-1', 'days'],
    ['days=x', 'days'],
    ['days=1&start=2026-02-30', 'start'],
    ['days=1&format=DD.MM.YYYY', 'format'],
    ['days=1&type_book=99&manufacturer_id=1', 'type_book'],
    ['days=1&type_book=5', 'manufacturer_id'],
    ['days=1&manufacturer_id=0', 'manufacturer_id'],
  ])('%s → 400 naming %s', async (query, field) => {
    const response = await get(`/api/business_days?${query}`);
    expect(response.statusCode).toBe(400);
    expect(fieldOf(response.json())).toContain(field);
  });

  it('answers 404 for an unknown manufacturer', async () => {
    expect((await get('/api/business_days?days=1&manufacturer_id=999999')).statusCode).toBe(404);
  });
});

describe('GET manufacturers/manufacturing/turn_times', () => {
  it("lists every active manufacturer's turn time per book type", async () => {
    const all = (await get('/api/manufacturers/manufacturing/turn_times')).json().data;
    expect(all.some((row: { manufacturerCode: string }) => row.manufacturerCode === 'PHXS')).toBe(false);
    const blt1 = (
      await get(`/api/manufacturers/manufacturing/turn_times?manufacturer_id=${manufacturerIds.BLT1}`)
    ).json().data;
    expect(blt1).toHaveLength(10);
    expect(blt1.find((row: { typeBook: number }) => row.typeBook === 5)).toMatchObject({
      manufacturerCode: 'BLT1',
      turnTimeDays: 17,
      redoTurnTimeDays: 9,
    });
    expect((await get('/api/manufacturers/manufacturing/turn_times?manufacturer_id=999999')).statusCode).toBe(404);
    expect((await anonymous('/api/manufacturers/manufacturing/turn_times')).statusCode).toBe(401);
  });
});

describe('GET dpi_codes', () => {
  it('answers the codes with their minimum resolution', async () => {
    const codes = (await get('/api/dpi_codes')).json().data;
    expect(codes).toContainEqual({ code: 'STD', label: 'Standard photos', minimumDpi: 300 });
  });
});

describe('GET carrier/groundshippingdays', () => {
  it.each([
    ['20705', undefined, 'Beltsville', 1],
    ['85034', undefined, 'Phoenix', 1],
    ['10001', undefined, 'Beltsville', 2],
    ['10001', 'PHX1', 'Phoenix', 6],
    ['90210-1234', undefined, 'Phoenix', 3],
  ])('%s from %s → %s, %i days', async (zip, code, plant, days) => {
    const manufacturer = code ? `&manufacturer_id=${manufacturerIds[code]}` : '';
    const response = await get(`/api/carrier/groundshippingdays?zip=${zip}${manufacturer}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ plant: { name: plant }, days });
  });

  it.each(['00000', 'abcde', 'valueOf', 'toString'])('%s → 400 naming zip', async (zip) => {
    const response = await get(`/api/carrier/groundshippingdays?zip=${zip}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'zip', message: 'No such ZIP code.' }]);
  });
});

describe('POST orders/expedited/shipping (public)', () => {
  const quote = (body: Record<string, unknown>) =>
    t.call({
      method: 'POST',
      url: '/api/orders/expedited/shipping',
      payload: { typeBook: 5, quantity: 20, zip: '10001', neededBy: '2026-11-30', ...body },
    });

  it('answers without a session: the ship date and every method, those in time first, then the cheapest', async () => {
    const response = await quote({});
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    // Digital Lizard East (Beltsville, the nearest plant) is the quickest: 3 days from Friday 11/20.
    expect(answer).toMatchObject({
      shipDate: '2026-11-25',
      turnTimeDays: 3,
      expedited: true,
      destination: { zip: '10001', city: 'New York', state: 'NY' },
      plant: { name: 'Beltsville' },
    });
    const methods = answer.options.map((option: { shippingMethod: string }) => option.shippingMethod);
    expect(methods).toEqual(['PP', 'FG', 'UG', 'PR']);
    // Two ground days after Wednesday, past Thanksgiving.
    expect(answer.options[1]).toMatchObject({ transitDays: 2, arrival: '2026-11-30', arrivesInTime: true });
    expect(answer.options[1].priceCents).toBeGreaterThan(0);
  });

  it('still lists the options when none arrives in time', async () => {
    const answer = (await quote({ neededBy: '2026-11-20' })).json();
    expect(answer.options.length).toBeGreaterThan(0);
    expect(answer.options.every((option: { arrivesInTime: boolean }) => !option.arrivesInTime)).toBe(true);
  });

  it('offers the international services to a Canadian postal code, and freight to a big order', async () => {
    const canada = (await quote({ zip: 'K1A 0B1' })).json();
    expect(canada.options.map((option: { shippingMethod: string }) => option.shippingMethod)).toContain('FI');
    expect(canada.options.map((option: { shippingMethod: string }) => option.shippingMethod)).not.toContain('FG');
    const big = (await quote({ quantity: 800 })).json();
    expect(big.options.map((option: { shippingMethod: string }) => option.shippingMethod)).toContain('LTL');
  });

  it.each([
    [{ zip: '00000' }, [{ path: 'zip', message: 'No such ZIP code.' }]],
    [{ neededBy: '2026-11-19' }, [{ path: 'neededBy', message: 'The date has passed: choose a date from today on.' }]],
  ])('%o → 400 naming the field', async (body, errors) => {
    const response = await quote(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(errors);
  });

  it.each([
    [{ typeBook: 42 }, 'typeBook'],
    [{ quantity: 0 }, 'quantity'],
    [{ quantity: 1.5 }, 'quantity'],
    [{ zip: '' }, 'zip'],
    [{ neededBy: '11/30/2026' }, 'neededBy'],
  ])('%o → 400 naming %s', async (body, field) => {
    const response = await quote(body);
    expect(response.statusCode).toBe(400);
    expect(fieldOf(response.json())).toContain(field);
  });
});
