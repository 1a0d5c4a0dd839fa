import { accountManufacturerRelationships, accounts, manufacturers, notifications, projects } from '@colophon/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVISER, createTestApp, DIRECT_ADVISER, OWNER, SUPER, type TestApp } from './harness';

const SALES_REP = 'salesrep@colophon.test';
const CONTACT = 'contact@colophon.test';
// The smallest valid PNG: one transparent pixel.
const PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let t: TestApp;
const ids: Record<string, number> = {};
const idOf = async (name: string) => {
  const [row] = await t.handle.db.select().from(accounts).where(eq(accounts.name, name));
  if (!row) throw new Error(`no account ${name}`);
  return row.id;
};

beforeAll(async () => {
  t = await createTestApp();
  for (const name of [
    'Evergreen Portrait Studio',
    'Evergreen North',
    'Great Lakes Sales Office',
    'Lincoln High School',
    'Oak Valley High School',
    'Colophon House Account',
    'Summit Community Group',
  ]) {
    ids[name] = await idOf(name);
  }
});
afterAll(async () => t.close());

const newSchool = (overrides: Record<string, unknown> = {}) => ({
  name: 'Birchwood Elementary',
  type: 2,
  parentAccountId: ids['Evergreen North'],
  ...overrides,
});

describe('the accounts list and detail', () => {
  it('keeps a studio owner to the studio’s own tree', async () => {
    const response = await t.call({ method: 'GET', url: '/api/accounts?perPage=100', as: OWNER });
    expect(response.statusCode).toBe(200);
    const names = response.json().data.map((account: { name: string }) => account.name);
    expect(names).toContain('Lincoln High School');
    expect(names).toContain('Evergreen Portrait Studio');
    expect(names).not.toContain('Oak Valley High School');
    expect(names).not.toContain('Colophon House Account');
    const foreign = await t.call({ method: 'GET', url: `/api/accounts/${ids['Oak Valley High School']}`, as: OWNER });
    expect(foreign.statusCode).toBe(404);
  });

  it('answers 404 to a school adviser for another school’s account', async () => {
    const own = await t.call({ method: 'GET', url: `/api/accounts/${ids['Lincoln High School']}`, as: ADVISER });
    expect(own.statusCode).toBe(200);
    const other = await t.call({ method: 'GET', url: `/api/accounts/${ids['Oak Valley High School']}`, as: ADVISER });
    expect(other.statusCode).toBe(404);
    expect(other.json().detail).toBe(`Account ${ids['Oak Valley High School']} was not found.`);
    const sibling = await t.call({ method: 'GET', url: `/api/accounts/${ids['Summit Community Group']}`, as: ADVISER });
    expect(sibling.statusCode).toBe(404);
  });

  it('filters by type, software, country, tree and activity, and includes parent, addresses, contacts and images', async () => {
    const response = await t.call({
      method: 'GET',
      url: `/api/accounts?ancestorId=${ids['Evergreen Portrait Studio']}&type[]=6&country[]=US&include=parent,addresses,contacts,images&perPage=100`,
      as: OWNER,
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.length).toBeGreaterThan(2);
    expect(
      data.every((account: { type: number; country: string }) => account.type === 6 && account.country === 'US'),
    ).toBe(true);
    const lincoln = data.find((account: { name: string }) => account.name === 'Lincoln High School');
    expect(lincoln.parent.name).toBe('Evergreen South');
    expect(lincoln.addresses.map((address: { kind: string }) => address.kind)).toEqual(['mailing', 'shipping']);
    expect(lincoln.contacts[0]).toMatchObject({ name: 'Avery Adviser', isPrimary: true });
    expect(lincoln.uriBrand).toBeNull();
    const storeOnly = (
      await t.call({ method: 'GET', url: '/api/accounts?typeSoftware[]=9&perPage=100', as: SUPER })
    ).json();
    expect(storeOnly.total).toBeGreaterThan(3);
    const excluded = (
      await t.call({ method: 'GET', url: '/api/accounts?excludeStoreOnly=true&perPage=100', as: SUPER })
    ).json();
    expect(excluded.data.some((account: { typeSoftware: number }) => account.typeSoftware === 9)).toBe(false);
    const bad = await t.call({ method: 'GET', url: '/api/accounts?depth[]=7', as: SUPER });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('depth.0');
  });
});

describe('POST accounts/get/get_accounts_post', () => {
  it('searches with a body of filters, within the caller’s tree', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/accounts/get/get_accounts_post',
      as: OWNER,
      payload: { type: [6, 3], country: ['US', 'CA'], search: 'high', sort: '-name', include: ['parent'], perPage: 50 },
    });
    expect(response.statusCode).toBe(200);
    const { data, total } = response.json();
    expect(total).toBe(data.length);
    const names = data.map((account: { name: string }) => account.name);
    expect(names).toContain('Lincoln High School');
    expect(names).not.toContain('Oak Valley High School');
    expect(names).toEqual([...names].sort().reverse());
    expect(data[0].parent).toBeDefined();
    const byIds = await t.call({
      method: 'POST',
      url: '/api/accounts/get/get_accounts_post',
      as: OWNER,
      payload: { ids: [ids['Lincoln High School'], ids['Oak Valley High School']] },
    });
    expect(byIds.json().data.map((account: { name: string }) => account.name)).toEqual(['Lincoln High School']);
  });

  it('answers 400 naming the field', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/accounts/get/get_accounts_post',
      as: OWNER,
      payload: { type: ['six'] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe('type.0');
    const sort = await t.call({
      method: 'POST',
      url: '/api/accounts/get/get_accounts_post',
      as: OWNER,
      payload: { sort: 'password' },
    });
    expect(sort.json().errors[0].path).toBe('sort');
  });
});

describe('creating an account', () => {
  it('creates a school under a sub-studio with its code, addresses and contacts', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/accounts',
      as: OWNER,
      payload: newSchool({
        typeSoftware: 3,
        addresses: [{ kind: 'shipping', line1: '1 Birch Rd', city: 'Madison', region: 'WI', country: 'US' }],
        contacts: [{ name: 'Pat Principal', email: 'pat@birchwood.test', isPrimary: true }],
      }),
    });
    expect(response.statusCode).toBe(201);
    const account = response.json();
    expect(account).toMatchObject({ name: 'Birchwood Elementary', depth: 2, typeWhereCreated: 2, country: 'US' });
    expect(account.code).toMatch(/^A\d{5,}$/);
    const detail = (
      await t.call({ method: 'GET', url: `/api/accounts/${account.id}?include=addresses,contacts`, as: OWNER })
    ).json();
    expect(detail.addresses[0]).toMatchObject({ line1: '1 Birch Rd', kind: 'shipping' });
    expect(detail.contacts[0]).toMatchObject({ name: 'Pat Principal', isPrimary: true });
  });

  it('codes studios with S and branch offices with R', async () => {
    const studio = await t.call({
      method: 'POST',
      url: '/api/accounts',
      as: SUPER,
      payload: { name: 'Northwind Studio', type: 9, parentAccountId: null },
    });
    expect(studio.statusCode).toBe(201);
    expect(studio.json().code).toMatch(/^S\d{5,}$/);
    expect(studio.json().depth).toBe(0);
    const branch = await t.call({
      method: 'POST',
      url: '/api/accounts',
      as: SUPER,
      payload: { name: 'Northwind Branch', type: 10, parentAccountId: studio.json().id },
    });
    expect(branch.json().code).toMatch(/^R\d{5,}$/);
  });

  it.each([
    {
      name: 'a third level of nesting',
      payload: () => newSchool({ parentAccountId: ids['Lincoln High School'] }),
      path: 'parentAccountId',
    },
    {
      name: 'a parent that is not a studio or branch office',
      payload: () => newSchool({ parentAccountId: ids['Summit Community Group'] }),
      path: 'parentAccountId',
    },
    {
      name: 'a parent outside the caller’s tree',
      payload: () => newSchool({ parentAccountId: ids['Colophon House Account'] }),
      path: 'parentAccountId',
    },
    {
      name: 'a top-level account by a studio owner',
      payload: () => newSchool({ parentAccountId: null }),
      path: 'parentAccountId',
    },
    {
      name: 'Brazil for a user without an account in Brazil',
      payload: () => newSchool({ country: 'BR' }),
      path: 'country',
    },
    { name: 'an unknown account type', payload: () => newSchool({ type: 14 }), path: 'type' },
    { name: 'an unknown software', payload: () => newSchool({ typeSoftware: 11 }), path: 'typeSoftware' },
    { name: 'an unknown country', payload: () => newSchool({ country: 'FR' }), path: 'country' },
    {
      name: 'an address without a city',
      payload: () => newSchool({ addresses: [{ kind: 'mailing', line1: 'x', city: '', country: 'US' }] }),
      path: 'addresses.0.city',
    },
  ])('refuses $name with a 400 naming $path', async ({ payload, path }) => {
    const response = await t.call({ method: 'POST', url: '/api/accounts', as: OWNER, payload: payload() });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe(path);
  });

  it('offers Brazil to a super administrator', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/api/accounts',
      as: SUPER,
      payload: newSchool({ name: 'Escola Nova', country: 'BR' }),
    });
    expect(response.statusCode).toBe(201);
  });

  it('refuses writing to a role without accounts.manage', async () => {
    const response = await t.call({ method: 'POST', url: '/api/accounts', as: ADVISER, payload: newSchool() });
    expect(response.statusCode).toBe(403);
  });
});

describe('changing an account', () => {
  it('updates fields and replaces addresses, records a software change as notification 97', async () => {
    const created = (
      await t.call({
        method: 'POST',
        url: '/api/accounts',
        as: OWNER,
        payload: newSchool({ name: 'Aspen Middle', type: 3 }),
      })
    ).json();
    const response = await t.call({
      method: 'PUT',
      url: `/api/accounts/${created.id}`,
      as: OWNER,
      payload: {
        name: 'Aspen Middle School',
        typeSoftware: 4,
        addresses: [{ kind: 'mailing', line1: '2 Aspen Ave', city: 'Boise', country: 'US' }],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Aspen Middle School', typeSoftware: 4 });
    const [notification] = await t.handle.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, created.id), eq(notifications.typeNotification, 97)));
    expect(notification?.info).toContain('Layout Software C');
  });

  it('moves an account under another branch and keeps the tree within two levels', async () => {
    const created = (
      await t.call({
        method: 'POST',
        url: '/api/accounts',
        as: OWNER,
        payload: newSchool({ name: 'Mover Elementary' }),
      })
    ).json();
    const moved = await t.call({
      method: 'PUT',
      url: `/api/accounts/${created.id}`,
      as: OWNER,
      payload: { parentAccountId: ids['Great Lakes Sales Office'] },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ parentAccountId: ids['Great Lakes Sales Office'], depth: 2 });
    const subStudioIntoSchoolLevel = await t.call({
      method: 'PUT',
      url: `/api/accounts/${ids['Evergreen North']}`,
      as: SUPER,
      payload: { parentAccountId: ids['Great Lakes Sales Office'] },
    });
    expect(subStudioIntoSchoolLevel.statusCode).toBe(400);
    expect(subStudioIntoSchoolLevel.json().errors[0].path).toBe('parentAccountId');
    const underItself = await t.call({
      method: 'PUT',
      url: `/api/accounts/${ids['Evergreen Portrait Studio']}`,
      as: SUPER,
      payload: { parentAccountId: ids['Evergreen North'] },
    });
    expect(underItself.statusCode).toBe(400);
  });

  it('keeps the house account S00001 at the top, active and of its type', async () => {
    const house = ids['Colophon House Account'];
    for (const payload of [{ isActive: false }, { type: 6 }, { parentAccountId: ids['Evergreen Portrait Studio'] }]) {
      const response = await t.call({ method: 'PUT', url: `/api/accounts/${house}`, as: SUPER, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const removal = await t.call({ method: 'DELETE', url: `/api/accounts/${house}`, as: SUPER });
    expect(removal.statusCode).toBe(409);
    const code = (await t.call({ method: 'GET', url: `/api/accounts/${house}`, as: SUPER })).json().code;
    expect(code).toBe('S00001');
  });

  it('makes an account Store Only only when none of its books uses layout software', async () => {
    const created = (
      await t.call({
        method: 'POST',
        url: '/api/accounts',
        as: OWNER,
        payload: newSchool({ name: 'Quarry Hill School', typeSoftware: 3 }),
      })
    ).json();
    await t.handle.db
      .insert(projects)
      .values({ accountId: created.id, name: 'Quarry Hill 2026', year: 2026, typeBook: 3, typeSoftware: 3 });
    const refused = await t.call({
      method: 'PUT',
      url: `/api/accounts/${created.id}`,
      as: OWNER,
      payload: { typeSoftware: 9 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].path).toBe('typeSoftware');
  });

  it('answers 404 for another tenant’s account and 400 naming the field', async () => {
    const foreign = await t.call({
      method: 'PUT',
      url: `/api/accounts/${ids['Oak Valley High School']}`,
      as: OWNER,
      payload: { name: 'Mine now' },
    });
    expect(foreign.statusCode).toBe(404);
    const bad = await t.call({
      method: 'PUT',
      url: `/api/accounts/${ids['Lincoln High School']}`,
      as: OWNER,
      payload: { name: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('name');
  });

  it('deactivates on DELETE, refusing while active accounts remain under it', async () => {
    const created = (
      await t.call({ method: 'POST', url: '/api/accounts', as: OWNER, payload: newSchool({ name: 'Closing School' }) })
    ).json();
    const removed = await t.call({ method: 'DELETE', url: `/api/accounts/${created.id}`, as: OWNER });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().isActive).toBe(false);
    const parent = await t.call({ method: 'DELETE', url: `/api/accounts/${ids['Evergreen North']}`, as: OWNER });
    expect(parent.statusCode).toBe(409);
    const foreign = await t.call({
      method: 'DELETE',
      url: `/api/accounts/${ids['Oak Valley High School']}`,
      as: OWNER,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('brand and image', () => {
  it.each([
    { route: 'account_brand', field: 'uriBrand' },
    { route: 'account_image', field: 'uriImage' },
  ])('stores the $route behind a signed URL and includes it with the account', async ({ route, field }) => {
    const lincoln = ids['Lincoln High School'];
    const response = await t.call({
      method: 'POST',
      url: `/api/files/${route}`,
      as: OWNER,
      payload: { accountId: lincoln, data: `data:image/png;base64,${PIXEL_PNG}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()[field]).toMatch(/^\/api\/files\/signed\/accounts\/\d+\/\w+-[\w-]+\.png\?expires=/);
    const image = await t.call({ method: 'GET', url: response.json()[field] });
    expect(image.headers['content-type']).toBe('image/png');
    const account = (
      await t.call({ method: 'GET', url: `/api/accounts/${lincoln}?include=images`, as: ADVISER })
    ).json();
    expect(account[field]).toMatch(/^\/api\/files\/signed\/accounts\//);
    const notImage = await t.call({
      method: 'POST',
      url: `/api/files/${route}`,
      as: OWNER,
      payload: { accountId: lincoln, data: Buffer.from('%PDF-1.7').toString('base64') },
    });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().errors[0].path).toBe('data');
    const foreign = await t.call({
      method: 'POST',
      url: `/api/files/${route}`,
      as: OWNER,
      payload: { accountId: ids['Oak Valley High School'], data: PIXEL_PNG },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('account-manufacturer relationships', () => {
  it('lets the plant side relate a manufacturer to an account, once per book type', async () => {
    const [manufacturer] = await t.handle.db.select().from(manufacturers).where(eq(manufacturers.code, 'DL1'));
    const payload = { accountId: ids['Oak Valley High School'], manufacturerId: manufacturer!.id, typeBook: 1 };
    const created = await t.call({
      method: 'POST',
      url: '/api/account_manufacturer_relationships',
      as: SUPER,
      payload,
    });
    expect(created.statusCode).toBe(201);
    const duplicate = await t.call({
      method: 'POST',
      url: '/api/account_manufacturer_relationships',
      as: SUPER,
      payload,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors[0].path).toBe('manufacturerId');
    const allTypes = await t.call({
      method: 'POST',
      url: '/api/account_manufacturer_relationships',
      as: SUPER,
      payload: { ...payload, typeBook: null },
    });
    expect(allTypes.statusCode).toBe(201);
    const againAllTypes = await t.call({
      method: 'POST',
      url: '/api/account_manufacturer_relationships',
      as: SUPER,
      payload: { ...payload, typeBook: null },
    });
    expect(againAllTypes.statusCode).toBe(409);
    const badType = await t.call({
      method: 'POST',
      url: '/api/account_manufacturer_relationships',
      as: SUPER,
      payload: { ...payload, typeBook: 11 },
    });
    expect(badType.json().errors[0].path).toBe('typeBook');
    const updated = await t.call({
      method: 'PUT',
      url: `/api/account_manufacturer_relationships/${created.json().id}`,
      as: SUPER,
      payload: { notes: 'Rush jobs only' },
    });
    expect(updated.json().notes).toBe('Rush jobs only');
  });

  it('shows a studio its own relationships only, and refuses it writing', async () => {
    const listed = (
      await t.call({
        method: 'GET',
        url: '/api/account_manufacturer_relationships?include=account,manufacturer',
        as: OWNER,
      })
    ).json();
    expect(listed.total).toBeGreaterThan(0);
    expect(
      listed.data.every((row: { account: { name: string } }) => row.account.name !== 'Oak Valley High School'),
    ).toBe(true);
    const [foreign] = await t.handle.db
      .select()
      .from(accountManufacturerRelationships)
      .where(eq(accountManufacturerRelationships.accountId, ids['Oak Valley High School']!));
    const hidden = await t.call({
      method: 'GET',
      url: `/api/account_manufacturer_relationships/${foreign!.id}`,
      as: OWNER,
    });
    expect(hidden.statusCode).toBe(404);
    const write = await t.call({
      method: 'DELETE',
      url: `/api/account_manufacturer_relationships/${foreign!.id}`,
      as: OWNER,
    });
    expect(write.statusCode).toBe(403);
  });
});

describe('other callers', () => {
  it('lets a sales rep and a studio contact see only their branch or sub-studio', async () => {
    const rep = (await t.call({ method: 'GET', url: '/api/accounts?perPage=100', as: SALES_REP })).json();
    expect(rep.data.map((account: { name: string }) => account.name)).toContain('Westview K-12 Academy');
    expect(rep.data.map((account: { name: string }) => account.name)).not.toContain('Lincoln High School');
    const contact = (await t.call({ method: 'GET', url: '/api/accounts?perPage=100', as: CONTACT })).json();
    expect(contact.data.every((account: { name: string }) => account.name !== 'Lincoln High School')).toBe(true);
    const direct = (await t.call({ method: 'GET', url: '/api/accounts', as: DIRECT_ADVISER })).json();
    expect(direct.data.map((account: { name: string }) => account.name)).toEqual(['Oak Valley High School']);
  });
});
