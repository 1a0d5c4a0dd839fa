import {
  accounts,
  auditLog,
  bindingPrices,
  customerPricings,
  pricingAdjustments,
  projects,
  shippingPrices,
} from '@colophon/db';
import { and, count, eq, gt, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVISER, createTestApp, OWNER, SUPER, type TestApp, VOLUNTEER } from './harness';

/** Price lists and the quote (issue 13): access, bad input, the quote, copying a year, CSV import. */
let t: TestApp;
let lincolnId: number;
let oakId: number;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, as: string, payload?: object) =>
  t.call({ method, url, as, ...(payload ? { payload } : {}) });
const pathsOf = (response: { json(): { errors?: { path: string }[] } }) =>
  (response.json().errors ?? []).map((error) => error.path);

async function accountId(name: string) {
  const [row] = await t.handle.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.name, name));
  if (!row) throw new Error(`no account ${name}`);
  return row.id;
}

async function projectOf(account: number, year = 2026) {
  const [row] = await t.handle.db
    .select()
    .from(projects)
    .where(and(eq(projects.accountId, account), eq(projects.year, year), gt(projects.pageCount, 0)))
    .limit(1);
  if (!row) throw new Error(`no project of account ${account} in ${year}`);
  return row;
}

const TREASURER = 'treasurer@colophon.test';
const SCHOOL_ADMIN = 'schooladmin@colophon.test';

const bindingCount = async () => (await t.handle.db.select({ n: count() }).from(bindingPrices))[0]?.n ?? 0;

const price = (fields: object = {}) => ({
  designation: 'H',
  year: 2026,
  typeBook: 5,
  typeSize: 8,
  pageMin: 24,
  pageMax: 48,
  perBookCents: 1999,
  ...fields,
});

beforeAll(async () => {
  t = await createTestApp();
  lincolnId = await accountId('Lincoln High School');
  oakId = await accountId('Oak Valley High School');
}, 60_000);
afterAll(() => t?.close());

describe('access', () => {
  it('a school reads only its own customer pricing', async () => {
    const own = await call('GET', '/api/customer_pricings?perPage=100', ADVISER);
    expect(own.statusCode, own.body).toBe(200);
    const rows = own.json().data as { accountId: number; year: number }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.accountId))).toEqual(new Set([lincolnId]));
    const other = await call('GET', `/api/customer_pricings?accountId=${oakId}&year=2026`, ADVISER);
    expect(other.json().data).toEqual([]);
    const all = await call('GET', '/api/customer_pricings?year=2026&perPage=100', SUPER);
    expect(all.json().total).toBeGreaterThan(5);
  });

  it('only super administrators edit the lists or read the price tables', async () => {
    const [mine] = await t.handle.db
      .select()
      .from(customerPricings)
      .where(and(eq(customerPricings.accountId, lincolnId), eq(customerPricings.year, 2026)));
    expect(mine).toBeDefined();
    for (const as of [ADVISER, OWNER]) {
      expect((await call('PUT', `/api/customer_pricings/${mine?.id}`, as, { designation: 'A' })).statusCode).toBe(403);
      expect((await call('POST', '/api/binding_prices', as, price())).statusCode).toBe(403);
      expect((await call('GET', '/api/binding_prices?designation=A&year=2026', as)).statusCode).toBe(403);
      expect((await call('GET', '/api/customer_pricing_bases', as)).statusCode).toBe(403);
      const copy = await call('POST', '/api/pricing/copy_year', as, { from: 2026, to: 2027, what: 'price_lists' });
      expect(copy.statusCode).toBe(403);
    }
    expect((await call('GET', '/api/binding_prices?designation=A&year=2026', SUPER)).json().total).toBe(160);
  });

  it('an edit by a super administrator is audited', async () => {
    const created = await call('POST', '/api/binding_prices', SUPER, price({ pageMin: 200, pageMax: 300 }));
    expect(created.statusCode, created.body).toBe(201);
    const [audit] = await t.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'binding_prices'), eq(auditLog.resourceId, String(created.json().id))));
    expect(audit).toBeDefined();
  });
});

describe('bad input: 400 naming the field, nothing written', () => {
  it.each([
    [{ perBookCents: -1 }, 'perBookCents'],
    [{ perBookCents: 12.5 }, 'perBookCents'],
    [{ perBookCents: '12' }, 'perBookCents'],
    [{ designation: 'Z' }, 'designation'],
    [{ typeBook: 99 }, 'typeBook'],
    [{ typeSize: 7 }, 'typeSize'],
    [{ pageMin: 60, pageMax: 40 }, 'pageMax'],
    [{ year: 1999 }, 'year'],
  ])('binding price %j → %s', async (fields, path) => {
    const before = await bindingCount();
    const response = await call('POST', '/api/binding_prices', SUPER, price(fields));
    expect(response.statusCode, response.body).toBe(400);
    expect(pathsOf(response)).toContain(path);
    expect(await bindingCount()).toBe(before);
  });

  it.each([
    [{ typeAdjustment: 7 }, 'typeAdjustment'],
    [{ typeAdjustment: 1, amountCents: null }, 'amountCents'],
    [{ typeAdjustment: 2, amountCents: -500 }, 'amountCents'],
    [{ typeAdjustment: 2, amountCents: 0.5 }, 'amountCents'],
    [{ typeAdjustment: 3, basisPoints: 10_001 }, 'basisPoints'],
    [{ typeAdjustment: 4, freeBooks: null }, 'freeBooks'],
    [{ typeAdjustment: 0, commissionPercent: 30 }, 'commissionPercent'],
  ])('adjustment %j → %s', async (fields, path) => {
    const response = await call('POST', '/api/pricing_adjustments', SUPER, {
      accountId: lincolnId,
      year: 2026,
      amountCents: 100,
      ...fields,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(pathsOf(response)).toContain(path);
  });

  it('a second pricing of one account and year is a 409 naming the year', async () => {
    const again = await call('POST', '/api/customer_pricings', SUPER, {
      accountId: lincolnId,
      year: 2026,
      designation: 'A',
    });
    expect(again.statusCode).toBe(409);
    expect(pathsOf(again)).toEqual(['year']);
  });
});

describe('the quote', () => {
  it('prices a school’s project line by line, the total the sum of its lines', async () => {
    const project = await projectOf(lincolnId);
    const response = await call('GET', `/api/projects/${project.id}/quote`, ADVISER);
    expect(response.statusCode, response.body).toBe(200);
    const quote = response.json();
    expect(quote.designation).toBe('C');
    expect(quote.source).toBe('customer');
    if (quote.problems.length === 0) {
      expect(quote.lines[0]).toMatchObject({ kind: 'book', quantity: project.copies ?? 0 });
      const sum = (quote.lines as { amountCents: number }[]).reduce((total, line) => total + line.amountCents, 0);
      expect(quote.totalCents).toBe(sum);
    }
    const priced = await call('GET', `/api/projects/${project.id}/quote?copies=100&shipToHomeCopies=10`, ADVISER);
    expect(priced.json().copies).toBe(100);
  });

  it('follows a super administrator’s price change', async () => {
    const project = await projectOf(lincolnId);
    const before = (await call('GET', `/api/projects/${project.id}/quote?copies=10`, SUPER)).json();
    expect(before.problems, JSON.stringify(before.problems)).toEqual([]);
    const book = before.lines[0];
    const list = await call(
      'GET',
      `/api/binding_prices?designation=C&year=2026&typeBook=${project.typeBook}&typeSize=${project.typeSize}&perPage=10`,
      SUPER,
    );
    const bracket = (list.json().data as { id: number; pageMin: number; pageMax: number }[]).find(
      (row) => (project.pageCount ?? 0) >= row.pageMin && (project.pageCount ?? 0) <= row.pageMax,
    );
    expect(bracket).toBeDefined();
    const changed = await call('PUT', `/api/binding_prices/${bracket?.id}`, SUPER, {
      perBookCents: book.unitCents + 100,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = (await call('GET', `/api/projects/${project.id}/quote?copies=10`, SUPER)).json();
    expect(after.lines[0].amountCents).toBe(book.amountCents + 1000);
  });

  it('another tenant’s project is a 404; bad copies a 400', async () => {
    const project = await projectOf(oakId);
    expect((await call('GET', `/api/projects/${project.id}/quote`, ADVISER)).statusCode).toBe(404);
    const own = await projectOf(lincolnId);
    for (const copies of ['-1', '2.5', 'many']) {
      const response = await call('GET', `/api/projects/${own.id}/quote?copies=${copies}`, ADVISER);
      expect(response.statusCode).toBe(400);
      expect(pathsOf(response).join()).toContain('copies');
    }
  });

  it('the direct school is priced by the year’s direct-school designation', async () => {
    const project = await projectOf(oakId);
    const quote = (await call('GET', `/api/projects/${project.id}/quote`, SUPER)).json();
    expect(quote).toMatchObject({ designation: 'A', source: 'direct' });
  });
});

describe('reference lists', () => {
  it('ship-to-home postage filters by year, type_book, page_count and type_size', async () => {
    const response = await call(
      'GET',
      '/api/ship_to_home_shipping_prices?year=2026&type_book=5&page_count=120&type_size=8',
      SUPER,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject([{ typeBook: 5, typeSize: 8, pageMin: 98, pageMax: 480 }]);
  });

  it('pricing items by year and type; bases; direct-school and shipping prices', async () => {
    const items = await call('GET', '/api/pricing_items?year=2026&type_items=4', SUPER);
    expect(items.statusCode).toBe(200);
    expect(new Set((items.json().data as { typeItems: number }[]).map((item) => item.typeItems))).toEqual(new Set([4]));
    expect((await call('GET', '/api/pricing_items?type_items=9', SUPER)).statusCode).toBe(400);
    const bases = (await call('GET', '/api/customer_pricing_bases?year=2026', SUPER)).json().data;
    expect(bases).toHaveLength(18);
    expect(bases.find((base: { designation: string }) => base.designation === 'K')).toMatchObject({
      commissionPercent: 10,
      bindingPriceCount: 160,
    });
    expect((await call('GET', '/api/direct_school_pricings', SUPER)).json().data).toHaveLength(3);
    expect((await call('GET', '/api/shipping_prices?year=2026', SUPER)).json().data).toHaveLength(16);
  });
});

describe('every price list through the engine', () => {
  const lists = [
    {
      path: 'pricing_items',
      body: { year: 2029, typeItems: 2, code: 9, label: 'Velvet laminate', unitCents: 65 },
      edit: { unitCents: 70 },
    },
    {
      path: 'shipping_prices',
      body: { year: 2029, typeSize: 8, copiesMin: 1, copiesMax: 99, perBookCents: 150 },
      edit: { perBookCents: 155 },
    },
    {
      path: 'ship_to_home_prices',
      body: { year: 2029, product: 'insurance', label: 'Insurance', cents: 40 },
      edit: { cents: 45 },
    },
    {
      path: 'ship_to_home_shipping_prices',
      body: { year: 2029, typeBook: 5, typeSize: 8, pageMin: 8, pageMax: 96, cents: 600 },
      edit: { cents: 610 },
    },
    { path: 'direct_school_pricings', body: { year: 2029, designation: 'B' }, edit: { designation: 'C' } },
  ];

  it('a super administrator creates, edits and deletes a row of each, audited', async () => {
    for (const list of lists) {
      const created = await call('POST', `/api/${list.path}`, SUPER, list.body);
      expect(created.statusCode, `${list.path}: ${created.body}`).toBe(201);
      const id = created.json().id as number;
      const again = await call('POST', `/api/${list.path}`, SUPER, list.body);
      expect(again.statusCode, `${list.path}: ${again.body}`).toBe(409);
      const edited = await call('PUT', `/api/${list.path}/${id}`, SUPER, list.edit);
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject(list.edit);
      const listed = await call('GET', `/api/${list.path}?year=2029`, SUPER);
      expect(listed.json()).toMatchObject({ total: 1, data: [{ id, ...list.edit }] });
      const [audit] = await t.handle.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.resource, list.path), eq(auditLog.resourceId, String(id))));
      expect(audit, list.path).toBeDefined();
      expect((await call('DELETE', `/api/${list.path}/${id}`, SUPER)).statusCode).toBeLessThan(300);
      expect((await call('GET', `/api/${list.path}/${id}`, SUPER)).statusCode).toBe(404);
    }
  });

  it('a studio or a school can neither write nor read them (403)', async () => {
    const [row] = await t.handle.db.select().from(shippingPrices).limit(1);
    for (const as of [ADVISER, OWNER, TREASURER]) {
      for (const list of lists) {
        expect((await call('POST', `/api/${list.path}`, as, list.body)).statusCode, `${as} ${list.path}`).toBe(403);
        expect((await call('GET', `/api/${list.path}?year=2026`, as)).statusCode).toBe(403);
      }
      expect((await call('PUT', `/api/shipping_prices/${row?.id}`, as, { perBookCents: 1 })).statusCode).toBe(403);
      expect((await call('DELETE', `/api/shipping_prices/${row?.id}`, as)).statusCode).toBe(403);
    }
  });

  it('bad input is a 400 naming the field', async () => {
    const bracket = await call('POST', '/api/shipping_prices', SUPER, {
      year: 2029,
      typeSize: 8,
      copiesMin: 100,
      copiesMax: 10,
      perBookCents: 100,
    });
    expect(bracket.statusCode).toBe(400);
    expect(pathsOf(bracket)).toEqual(['copiesMax']);
    const [row] = await t.handle.db
      .select()
      .from(shippingPrices)
      .where(and(eq(shippingPrices.year, 2026), gt(shippingPrices.copiesMin, 1)))
      .limit(1);
    const partial = await call('PUT', `/api/shipping_prices/${row?.id}`, SUPER, { copiesMax: 1 });
    expect(pathsOf(partial)).toEqual(['copiesMax']);
    const item = await call('POST', '/api/pricing_items', SUPER, {
      year: 2029,
      typeItems: 9,
      code: 1,
      label: 'x',
      unitCents: 1.5,
      per: 'page',
    });
    expect(item.statusCode).toBe(400);
    expect(pathsOf(item).sort()).toEqual(['per', 'typeItems', 'unitCents']);
    const designation = await call('POST', '/api/direct_school_pricings', SUPER, { year: 2029, designation: 'Z' });
    expect(pathsOf(designation)).toEqual(['designation']);
  });

  it('each list exports a CSV that comes back in unchanged', async () => {
    const expected: Record<string, number> = {
      pricing_items: 0,
      shipping_prices: 16,
      ship_to_home_prices: 2,
      ship_to_home_shipping_prices: 0,
      direct_school_pricings: 1,
    };
    for (const [kind, rows] of Object.entries(expected)) {
      const exported = await call('GET', `/api/${kind}/export?year=2026`, SUPER);
      expect(exported.statusCode, exported.body).toBe(200);
      const back = await call('POST', '/api/pricing/import', SUPER, { kind, csv: exported.body });
      expect(back.statusCode, `${kind}: ${back.body}`).toBe(200);
      expect(back.json().created).toBe(0);
      if (rows > 0) expect(back.json().updated, kind).toBe(rows);
      else expect(back.json().updated, kind).toBeGreaterThan(0);
    }
  });

  it('names each bad row of every list by line and field', async () => {
    const files: Record<string, { csv: string; paths: string[] }> = {
      pricing_items: {
        csv: 'Year,Type,Code,Label,Price,Per\n2029,2,3,Gloss,0.20,book\n2029,9,3,Gloss,0.20,book\n2029,2,4,,x,each',
        paths: ['lines.3.typeItems', 'lines.4.label', 'lines.4.unitCents'],
      },
      shipping_prices: {
        csv: 'Year,Size,Copies from,Copies to,Per book\n2029,8,1,99,1.45\n2029,8,100,50,1.10\n2029,8,1,99,1.45',
        paths: ['lines.3.copiesMax', 'lines.4'],
      },
      ship_to_home_prices: {
        csv: 'Year,Product,Label,Price\n2029,Handling,Handling,1.50\n2029,mailer,Mailer,-1',
        paths: ['lines.2.product', 'lines.3.cents'],
      },
      ship_to_home_shipping_prices: {
        csv: 'Year,Book type,Size,Pages from,Pages to,Postage\n2029,5,8,8,96,5.95\n2029,5,99,98,480,8.95',
        paths: ['lines.3.typeSize'],
      },
      direct_school_pricings: {
        csv: 'Year,Designation\n2029,A\n1999,B\n2030,Z',
        paths: ['lines.3.year', 'lines.4.designation'],
      },
    };
    for (const [kind, file] of Object.entries(files)) {
      const response = await call('POST', '/api/pricing/import', SUPER, { kind, csv: file.csv });
      expect(response.statusCode, `${kind}: ${response.body}`).toBe(400);
      expect(pathsOf(response), kind).toEqual(file.paths);
      const listed = await call('GET', `/api/${kind}?year=2029`, SUPER);
      expect(listed.json().total, `${kind}: nothing written`).toBe(0);
    }
  });
});

describe('a school reads its own adjustments', () => {
  it('its administrator and treasurer read their account’s adjustments, never another’s, and cannot write', async () => {
    const [other] = await t.handle.db
      .select()
      .from(pricingAdjustments)
      .where(ne(pricingAdjustments.accountId, lincolnId))
      .limit(1);
    expect(other).toBeDefined();
    const created = await call('POST', '/api/pricing_adjustments', SUPER, {
      accountId: lincolnId,
      year: 2025,
      typeAdjustment: 1,
      amountCents: 25,
      reason: 'Treasurer can read',
    });
    expect(created.statusCode, created.body).toBe(201);
    for (const as of [TREASURER, SCHOOL_ADMIN]) {
      const own = await call('GET', '/api/pricing_adjustments?perPage=100', as);
      expect(own.statusCode, own.body).toBe(200);
      const rows = own.json().data as { accountId: number; reason: string }[];
      expect(rows.some((row) => row.reason === 'Treasurer can read')).toBe(true);
      expect(new Set(rows.map((row) => row.accountId))).toEqual(new Set([lincolnId]));
      const filtered = await call('GET', `/api/pricing_adjustments?accountId=${other?.accountId}`, as);
      expect(filtered.json().data).toEqual([]);
      expect((await call('GET', `/api/pricing_adjustments/${other?.id}`, as)).statusCode).toBe(404);
      const write = await call('PUT', `/api/pricing_adjustments/${created.json().id}`, as, { amountCents: 1 });
      expect(write.statusCode).toBe(403);
    }
    // The adviser and the volunteer build the book; the money's terms are not theirs to read.
    for (const as of [ADVISER, VOLUNTEER]) {
      expect((await call('GET', '/api/pricing_adjustments', as)).statusCode).toBe(403);
    }
  });
});

describe('the quote’s sales tax', () => {
  it('takes a rate in basis points and adds its line; a bad rate is a 400 naming taxBasisPoints', async () => {
    const project = await projectOf(lincolnId);
    const untaxed = (await call('GET', `/api/projects/${project.id}/quote?copies=100`, ADVISER)).json();
    expect(untaxed).toMatchObject({ taxBasisPoints: 0, taxCents: 0 });
    const taxed = await call('GET', `/api/projects/${project.id}/quote?copies=100&taxBasisPoints=625`, ADVISER);
    expect(taxed.statusCode, taxed.body).toBe(200);
    const quote = taxed.json();
    expect(quote.taxBasisPoints).toBe(625);
    if (untaxed.problems.length === 0) {
      const beforeTax = untaxed.totalCents as number;
      expect(quote.taxCents).toBe(Math.round((beforeTax * 625) / 10_000));
      expect(quote.totalCents).toBe(beforeTax + quote.taxCents);
      expect(quote.lines.at(-1)).toMatchObject({ kind: 'tax', amountCents: quote.taxCents });
    }
    for (const bad of ['10001', '-1', '6.25', 'six']) {
      const response = await call('GET', `/api/projects/${project.id}/quote?taxBasisPoints=${bad}`, ADVISER);
      expect(response.statusCode, bad).toBe(400);
      expect(pathsOf(response).join(), bad).toContain('taxBasisPoints');
    }
  });
});

describe('copying a year forward', () => {
  it('copies once, refuses a filled year with 409 unless asked to replace', async () => {
    const body = { from: 2026, to: 2027, what: 'price_lists' };
    const first = await call('POST', '/api/pricing/copy_year', SUPER, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().copied).toMatchObject({
      binding_prices: expect.any(Number),
      customer_pricings: expect.any(Number),
    });
    expect(first.json().copied.binding_prices).toBeGreaterThan(1000);
    // Every list of the year goes forward, not only the binding prices.
    for (const list of [
      'pricing_items',
      'shipping_prices',
      'ship_to_home_prices',
      'ship_to_home_shipping_prices',
      'direct_school_pricings',
    ]) {
      expect(first.json().copied[list], list).toBeGreaterThan(0);
      const copied = await call('GET', `/api/${list}?year=2027`, SUPER);
      expect(copied.json().total, list).toBe(first.json().copied[list]);
    }
    const again = await call('POST', '/api/pricing/copy_year', SUPER, body);
    expect(again.statusCode).toBe(409);
    expect(pathsOf(again)).toEqual(['to']);
    const replaced = await call('POST', '/api/pricing/copy_year', SUPER, { ...body, replace: true });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().copied).toEqual(first.json().copied);
    const empty = await call('POST', '/api/pricing/copy_year', SUPER, { ...body, from: 2030, to: 2031 });
    expect(empty.statusCode).toBe(400);
    expect(pathsOf(empty)).toEqual(['from']);
    const same = await call('POST', '/api/pricing/copy_year', SUPER, { ...body, to: 2026 });
    expect(pathsOf(same)).toEqual(['to']);
  });

  it('two copies at once: one copies, the other is refused', async () => {
    const body = { from: 2025, to: 2028, what: 'adjustments' };
    const answers = await Promise.all([1, 2].map(() => call('POST', '/api/pricing/copy_year', SUPER, body)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('CSV import', () => {
  const header = 'Designation,Year,Book type,Size,Pages from,Pages to,Per book';

  it('names every bad row by line and field, and writes nothing', async () => {
    const before = await bindingCount();
    const csv = [
      header,
      'H,2026,5,8,24,48,15.00',
      'H,2026,5,8,50,96,-3.00',
      'Z,2026,5,8,98,160,16.00',
      'H,2026,5,8,162,480,16.005',
      'H,2026,5,8,24,48,15.50',
    ].join('\n');
    const response = await call('POST', '/api/pricing/import', SUPER, { kind: 'binding_prices', csv });
    expect(response.statusCode, response.body).toBe(400);
    expect(pathsOf(response)).toEqual([
      'lines.3.perBookCents',
      'lines.4.designation',
      'lines.5.perBookCents',
      'lines.6',
    ]);
    expect(await bindingCount()).toBe(before);
  });

  it('a missing column is named on line 1', async () => {
    const response = await call('POST', '/api/pricing/import', SUPER, {
      kind: 'customer_pricings',
      csv: 'Account code,Designation\nLIN,A',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ path: 'lines.1' });
    expect(response.json().errors[0].message).toContain('Year');
  });

  it('takes back its own export', async () => {
    const exported = await call('GET', '/api/binding_prices/export?designation=B&year=2025', SUPER);
    expect(exported.statusCode).toBe(200);
    const again = await call('POST', '/api/pricing/import', SUPER, { kind: 'binding_prices', csv: exported.body });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ created: 0, updated: 160 });
    const unknown = await call('POST', '/api/pricing/import', SUPER, {
      kind: 'pricing_adjustments',
      csv: 'Account code,Year,Type,Amount\nNOPE,2026,2,10.00',
    });
    expect(pathsOf(unknown)).toEqual(['lines.2.accountCode']);
  });
});
