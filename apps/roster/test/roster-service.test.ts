import { auditLog, users } from '@colophon/db';
import { rateLimits, rosterErrorMessage } from '@colophon/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isClientRoute } from '../../api/src/plugins/web-delivery';
import { createRosterHost } from '../../api/src/roster-host';
import {
  createTestApp,
  DEMO_PASSWORD,
  DIRECT_ADVISER,
  OWNER,
  SUPER,
  type TestApp,
  VOLUNTEER,
} from '../../api/test/harness';
import { buildRosterApp } from '../src/app';
import { ROSTER_SESSION_HEADER } from '../src/contract';
import { migrateRoster } from '../src/migrate';
import { configurations } from '../src/schema';
import { ADVISER, type BadInput, demoAccounts, expectEachFieldNamed, rosterCaller } from './support';

/**
 * The roster service as the dashboard's process serves it (under /roster, through the API's
 * buildApp), on a real PGlite database with the demo: session headers, access along the account
 * tree, districts, schools, mapping, settings and configurations.
 */

const SECRET = 'sis-client-secret-do-not-show';

let t: TestApp;
let studioId: number;
let lincolnId: number;
let oakValleyId: number;
/** A school account under the studio that is not Lincoln. */
let otherStudioSchoolId: number;

const { roster, headersOf: rosterSessionFor } = rosterCaller(() => t);

beforeAll(async () => {
  t = await createTestApp();
  ({ studioId, lincolnId, oakValleyId, otherId: otherStudioSchoolId } = await demoAccounts(t));
});

afterAll(async () => {
  await t?.close();
});

describe('session headers', () => {
  it('answers the headers for a dashboard bearer token, and refuses every call without them', async () => {
    const headers = await rosterSessionFor(OWNER);
    expect(Object.keys(headers)).toEqual([ROSTER_SESSION_HEADER]);

    const missing = await t.app.inject({ method: 'GET', url: '/roster/districts' });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['content-type']).toContain('application/problem+json');
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/roster/districts',
      headers: { [ROSTER_SESSION_HEADER]: 'not-a-session' },
    });
    expect(unknown.statusCode).toBe(401);
    const noBearer = await t.app.inject({ method: 'POST', url: '/roster/session' });
    expect(noBearer.statusCode).toBe(401);
    const badBearer = await t.call({ method: 'POST', url: '/roster/session', as: 'not-a-token' });
    expect(badBearer.statusCode).toBe(401);
    // The dashboard's bearer token alone opens nothing but the session.
    const bearerOnly = await t.call({ method: 'GET', url: '/roster/districts', as: OWNER });
    expect(bearerOnly.statusCode).toBe(401);
  });

  it('keeps only a hash of the token, and ends with the dashboard session', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: OWNER, password: DEMO_PASSWORD },
    });
    const token = login.json<{ token: string }>().token;
    const opened = await t.call({ method: 'POST', url: '/roster/session', as: token });
    const headers = opened.json<{ headers: Record<string, string> }>().headers;
    const rosterToken = headers[ROSTER_SESSION_HEADER] ?? '';
    const stored = await t.handle.db.execute(sql`select token_hash from roster.sessions`);
    expect(JSON.stringify(stored)).not.toContain(rosterToken);

    expect((await t.app.inject({ method: 'GET', url: '/roster/districts', headers })).statusCode).toBe(200);
    const logout = await t.call({ method: 'POST', url: '/api/auth/logout', as: token });
    expect(logout.statusCode).toBeLessThan(300);
    const after = await t.app.inject({ method: 'GET', url: '/roster/districts', headers });
    expect(after.statusCode).toBe(401);
    expect(after.json().detail).toMatch(/ended/);
    // Part 8's client reads `message` first: the problem carries it.
    expect(rosterErrorMessage(after.json())).toBe(after.json().detail);
  });
});

describe('the dashboard gates', () => {
  it("limits the sessions a user opens (the dashboard's rate limiter, per user)", async () => {
    const { limit } = rateLimits.rosterSession;
    const opens = [];
    for (let open = 0; open < limit; open++) {
      opens.push(
        (await t.call({ method: 'POST', url: '/roster/session', as: 'schooladmin@colophon.test' })).statusCode,
      );
    }
    expect(new Set(opens)).toEqual(new Set([201]));
    const refused = await t.call({ method: 'POST', url: '/roster/session', as: 'schooladmin@colophon.test' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(rosterErrorMessage(refused.json())).toMatch(/^Too many roster sessions were opened\. Try again in/);
    // Another user is not held back by this one.
    expect((await t.call({ method: 'POST', url: '/roster/session', as: ADVISER })).statusCode).toBe(201);
  });

  it('waits for the second factor as the dashboard does', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'mfa@colophon.test', password: DEMO_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const pending = await t.call({ method: 'POST', url: '/roster/session', as: login.json<{ token: string }>().token });
    expect(pending.statusCode).toBe(403);
    expect(pending.json().code).toBe('mfa_required');
  });

  it('migrates once: a second start applies nothing', async () => {
    expect(await migrateRoster(t.handle.db)).toEqual([]);
    const journal = await t.handle.db.execute(sql`select name from roster.migrations`);
    expect(JSON.stringify(journal)).toContain('0000_roster_districts_schools.sql');
  });
});

describe('districts', () => {
  it('writes one audit row for each write that succeeded, none for a read or a refusal', async () => {
    const auditedDistricts = async () =>
      (await t.handle.db.select().from(auditLog).where(sql`${auditLog.resource} like 'roster/districts%'`)).length;
    const before = await auditedDistricts();
    const created = await roster(OWNER, 'POST', '/roster/districts', {
      name: 'Audited District',
      studioAccountId: studioId,
    });
    expect(created.statusCode).toBe(201);
    await roster(OWNER, 'GET', `/roster/districts/${created.json().id}`);
    expect((await roster(OWNER, 'POST', '/roster/districts', { name: '' })).statusCode).toBe(400);
    expect(await auditedDistricts()).toBe(before + 1);
    const [row] = await t.handle.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.resource} = 'roster/districts'`)
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(row).toMatchObject({ action: 'POST', resource: 'roster/districts' });
    const [owner] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.email, OWNER));
    expect(row?.actorUserId).toBe(owner?.id);
    expect((await roster(OWNER, 'DELETE', `/roster/districts/${created.json().id}`)).statusCode).toBeLessThan(300);
    expect(await auditedDistricts()).toBe(before + 2);
  });

  it('creates, lists a page at a time in either order, renames and removes', async () => {
    const names = ['Delta District', 'Alpha District', 'Echo District', 'Charlie District', 'Bravo District'];
    const ids: number[] = [];
    for (const name of names) {
      const created = await roster(OWNER, 'POST', '/roster/districts', {
        name,
        studioAccountId: studioId,
        sourcedId: `sis-${name}`,
      });
      expect(created.statusCode, created.body).toBe(201);
      ids.push(created.json().id);
    }
    const first = await roster(OWNER, 'GET', '/roster/districts?perPage=2&sort=-name&search=District');
    expect(first.statusCode).toBe(200);
    expect(first.json().total).toBe(5);
    expect(first.json().data.map((row: { name: string }) => row.name)).toEqual(['Echo District', 'Delta District']);
    const last = await roster(OWNER, 'GET', '/roster/districts?perPage=2&page=3&sort=name&search=District');
    expect(last.json().data.map((row: { name: string }) => row.name)).toEqual(['Echo District']);

    const renamed = await roster(OWNER, 'PUT', `/roster/districts/${ids[0]}`, { name: 'Foxtrot District' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Foxtrot District', sourcedId: null });
    expect((await roster(OWNER, 'DELETE', `/roster/districts/${ids[0]}`)).statusCode).toBe(204);
    expect((await roster(OWNER, 'GET', `/roster/districts/${ids[0]}`)).statusCode).toBe(404);
  });

  it('names the field of bad input', async () => {
    const cases: BadInput[] = [
      ['name', 'POST', '/roster/districts', { name: '', studioAccountId: studioId }],
      ['studioAccountId', 'POST', '/roster/districts', { name: 'X', studioAccountId: 'seven' }],
      ['studioAccountId', 'POST', '/roster/districts', { name: 'X', studioAccountId: oakValleyId }],
      ['sort', 'GET', '/roster/districts?sort=shoe', undefined],
      ['perPage', 'GET', '/roster/districts?perPage=0', undefined],
    ];
    await expectEachFieldNamed(roster, OWNER, cases);
  });

  it('needs roster.manage to change', async () => {
    const refused = await roster(VOLUNTEER, 'POST', '/roster/districts', { name: 'Nope', studioAccountId: studioId });
    expect(refused.statusCode).toBe(403);
  });
});

describe('access follows the account tree', () => {
  let studioDistrict: number;
  let otherDistrict: number;
  let lincolnSchool: number;
  let oakSchool: number;

  beforeAll(async () => {
    studioDistrict = (
      await roster(OWNER, 'POST', '/roster/districts', { name: 'Studio District', studioAccountId: studioId })
    ).json().id;
    // Oak Valley stands outside the studio's tree: another tenant.
    otherDistrict = (
      await roster(SUPER, 'POST', '/roster/districts', { name: 'Valley District', studioAccountId: oakValleyId })
    ).json().id;
    const mapped = await roster(OWNER, 'PUT', '/roster/mapping', {
      mappings: [
        { accountId: lincolnId, sourcedId: 'org-lincoln', name: 'Lincoln (SIS)' },
        { accountId: otherStudioSchoolId, sourcedId: 'org-other', name: 'Other (SIS)', districtId: studioDistrict },
      ],
    });
    expect(mapped.statusCode, mapped.body).toBe(200);
    const superMapped = await roster(SUPER, 'PUT', '/roster/mapping', {
      mappings: [{ accountId: oakValleyId, sourcedId: 'org-oak', name: 'Oak Valley (SIS)' }],
    });
    expect(superMapped.statusCode, superMapped.body).toBe(200);
    const mapping = (await roster(SUPER, 'GET', '/roster/mapping')).json() as { accountId: number; schoolId: number }[];
    lincolnSchool = mapping.find((row) => row.accountId === lincolnId)?.schoolId ?? 0;
    oakSchool = mapping.find((row) => row.accountId === oakValleyId)?.schoolId ?? 0;
  });

  it("answers 404 for another tenant's district, school or configuration", async () => {
    expect((await roster(OWNER, 'GET', `/roster/districts/${otherDistrict}`)).statusCode).toBe(404);
    expect((await roster(DIRECT_ADVISER, 'GET', `/roster/districts/${otherDistrict}`)).statusCode).toBe(200);
    expect((await roster(DIRECT_ADVISER, 'GET', `/roster/districts/${studioDistrict}`)).statusCode).toBe(404);
    expect((await roster(OWNER, 'GET', `/roster/one-roster/inherited-config/${oakSchool}`)).statusCode).toBe(404);
    expect(
      (await roster(OWNER, 'POST', `/roster/schools/${lincolnSchool}/link-district`, { districtId: otherDistrict }))
        .statusCode,
    ).toBe(404);
    expect((await roster(OWNER, 'POST', `/roster/schools/${oakSchool}/unlink-district`)).statusCode).toBe(404);
    const districtNames = (await roster(OWNER, 'GET', '/roster/districts?perPage=200'))
      .json()
      .data.map((row: { name: string }) => row.name);
    expect(districtNames).toContain('Studio District');
    expect(districtNames).not.toContain('Valley District');

    const config = await roster(SUPER, 'POST', '/roster/configurations', {
      districtId: otherDistrict,
      baseUrl: 'https://sis.example.org/ims/oneroster/v1p1',
      version: '1.1',
      authKind: 'oauth1',
      clientId: 'valley',
      clientSecret: SECRET,
    });
    expect(config.statusCode, config.body).toBe(201);
    expect((await roster(OWNER, 'GET', `/roster/configurations/${config.json().id}`)).statusCode).toBe(404);
    expect(
      (
        await roster(OWNER, 'PUT', `/roster/configurations/${config.json().id}`, {
          baseUrl: 'https://evil.example.org',
          version: '1.2',
          authKind: 'oauth2',
          clientId: 'x',
        })
      ).statusCode,
    ).toBe(404);
  });

  it("shows a school's staff their school only, and a studio its own schools and districts", async () => {
    const adviserSchools = (await roster(ADVISER, 'GET', '/roster/schools')).json();
    expect(adviserSchools.data.map((row: { accountId: number }) => row.accountId)).toEqual([lincolnId]);
    expect((await roster(ADVISER, 'GET', '/roster/districts')).json().total).toBe(0);
    const ownerSchools = (await roster(OWNER, 'GET', '/roster/schools?perPage=200')).json();
    const ownerAccounts = ownerSchools.data.map((row: { accountId: number }) => row.accountId);
    expect(ownerAccounts).toEqual(expect.arrayContaining([lincolnId, otherStudioSchoolId]));
    expect(ownerAccounts).not.toContain(oakValleyId);
    const superSchools = (await roster(SUPER, 'GET', '/roster/schools?perPage=200')).json();
    expect(superSchools.total).toBe(3);

    const linked = await roster(OWNER, 'POST', `/roster/schools/${lincolnSchool}/link-district`, {
      districtId: studioDistrict,
    });
    expect(linked.statusCode).toBe(200);
    expect(linked.json().districtId).toBe(studioDistrict);
    const districtAccounts = (await roster(OWNER, 'GET', `/roster/districts/${studioDistrict}/accounts`)).json();
    expect(districtAccounts.map((row: { accountId: number }) => row.accountId).sort()).toEqual(
      [lincolnId, otherStudioSchoolId].sort(),
    );
    const bySchool = await roster(OWNER, 'GET', `/roster/schools?districtId=${studioDistrict}&sort=-name`);
    expect(bySchool.json().data.map((row: { name: string }) => row.name)).toEqual(['Other (SIS)', 'Lincoln (SIS)']);
  });

  it('inherits the district configuration, seals the secret and never answers it', async () => {
    const created = await roster(OWNER, 'POST', '/roster/configurations', {
      districtId: studioDistrict,
      baseUrl: 'https://sis.example.org/ims/oneroster/rostering/v1p2',
      version: '1.2',
      authKind: 'oauth2',
      clientId: 'studio-client',
      clientSecret: SECRET,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ hasSecret: true, clientId: 'studio-client' });
    expect(created.body).not.toContain(SECRET);

    const inherited = await roster(ADVISER, 'GET', `/roster/one-roster/inherited-config/${lincolnSchool}`);
    expect(inherited.statusCode).toBe(200);
    expect(inherited.json()).toMatchObject({ source: 'district', configuration: { id: created.json().id } });
    expect(inherited.body).not.toContain(SECRET);

    const [row] = await t.handle.db.select().from(configurations).where(eq(configurations.id, created.json().id));
    expect(row?.clientSecretSealed).toBeTruthy();
    expect(row?.clientSecretSealed).not.toContain(SECRET);

    // Without clientSecret the stored one stays; the school's own then wins over the district's.
    const kept = await roster(OWNER, 'PUT', `/roster/configurations/${created.json().id}`, {
      baseUrl: 'https://sis2.example.org/ims/oneroster/rostering/v1p2',
      version: '1.2',
      authKind: 'oauth2',
      clientId: 'studio-client-2',
    });
    expect(kept.json()).toMatchObject({ hasSecret: true, clientId: 'studio-client-2' });
    const own = await roster(ADVISER, 'POST', '/roster/configurations', {
      schoolId: lincolnSchool,
      baseUrl: 'https://lincoln.example.org/ims/oneroster/v1p1',
      version: '1.1',
      authKind: 'oauth1',
      clientId: 'lincoln',
    });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().hasSecret).toBe(false);
    const mine = (await roster(ADVISER, 'GET', `/roster/one-roster/inherited-config/${lincolnSchool}`)).json();
    expect(mine).toMatchObject({ source: 'school', configuration: { clientId: 'lincoln' } });
    const badUrl = await roster(ADVISER, 'PUT', `/roster/configurations/${own.json().id}`, {
      baseUrl: 'ftp://lincoln.example.org',
      version: '1.1',
      authKind: 'oauth1',
      clientId: 'lincoln',
    });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().errors[0].path).toBe('baseUrl');
  });

  it('keeps settings per school or district', async () => {
    const defaults = await roster(ADVISER, 'GET', `/roster/settings?schoolId=${lincolnSchool}`);
    expect(defaults.json()).toMatchObject({ schoolId: lincolnSchool, syncSchedule: 'off', grades: [] });
    const saved = await roster(ADVISER, 'PUT', '/roster/settings', {
      schoolId: lincolnSchool,
      syncSchedule: 'daily',
      grades: ['09', '10'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await roster(ADVISER, 'GET', `/roster/settings?schoolId=${lincolnSchool}`);
    expect(read.json()).toMatchObject({ syncSchedule: 'daily', grades: ['09', '10'] });
    const both = await roster(OWNER, 'PUT', '/roster/settings', {
      schoolId: lincolnSchool,
      districtId: studioDistrict,
      syncSchedule: 'off',
      grades: [],
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors[0].path).toBe('schoolId');
    expect((await roster(ADVISER, 'GET', `/roster/settings?districtId=${studioDistrict}`)).statusCode).toBe(404);
  });
});

describe('the service', () => {
  it('has its own OpenAPI document listing every route', async () => {
    const document = await t.app.inject({ method: 'GET', url: '/roster/docs/json' });
    expect(document.statusCode, document.body).toBe(200);
    const paths = Object.keys(document.json().paths).sort();
    expect(paths).toEqual(
      [
        '/roster/session',
        '/roster/districts',
        '/roster/districts/{id}',
        '/roster/districts/{id}/accounts',
        '/roster/schools',
        '/roster/schools/{id}/link-district',
        '/roster/schools/{id}/unlink-district',
        '/roster/schools/{id}/sync',
        '/roster/schools/{id}/data',
        '/roster/mapping',
        '/roster/settings',
        '/roster/one-roster/inherited-config/{id}',
        '/roster/configurations',
        '/roster/configurations/{id}',
        '/roster/individuals',
        '/roster/individuals/{id}',
        '/roster/individuals/bulk-remove',
        '/roster/individuals/bulk-insert-update',
        '/roster/relation',
        '/roster/relation/{id}',
        '/roster/queue-management/jobs',
        '/roster/queue-management/jobs/{id}',
        '/roster/queue-management/jobs/{id}/retry',
        '/roster/queue-management/jobs/{id}/cancel',
        '/roster/imports',
        '/roster/export-presets',
        '/roster/export-presets/{id}',
        '/roster/export-presets/lookups/schools',
        '/roster/export-presets/lookups/districts',
        '/roster/individuals/export-queue-job',
        '/roster/individuals/{id}/image',
        '/roster/exports/{jobId}/download',
      ].sort(),
    );
    const dashboardDocument = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(dashboardDocument.json().paths).some((path) => path.startsWith('/roster'))).toBe(false);
  });

  it('is served under /roster by the dashboard, whose other paths are unchanged', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/roster/nowhere' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('application/problem+json');
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers the dashboard origin across origins when it runs on its own', async () => {
    const alone = await buildRosterApp({
      db: t.handle.db,
      config: { dashboardOrigin: 'https://dashboard.example.org' },
      host: createRosterHost(t.app.services),
    });
    try {
      const preflight = await alone.inject({
        method: 'OPTIONS',
        url: '/roster/districts',
        headers: { origin: 'https://dashboard.example.org', 'access-control-request-method': 'GET' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('https://dashboard.example.org');
      expect(String(preflight.headers['access-control-allow-headers'])).toContain(ROSTER_SESSION_HEADER);
      const stranger = await alone.inject({
        method: 'GET',
        url: '/roster/districts',
        headers: { origin: 'https://elsewhere.example.org' },
      });
      expect(stranger.headers['access-control-allow-origin']).toBeUndefined();
      // Its own session, on the same database, reads what the mounted one wrote.
      const opened = await alone.inject({
        method: 'POST',
        url: '/roster/session',
        headers: { authorization: `Bearer ${await t.tokenFor(SUPER)}` },
      });
      const listed = await alone.inject({
        method: 'GET',
        url: '/roster/districts?search=Valley',
        headers: opened.json().headers,
      });
      expect(listed.json().data.map((row: { name: string }) => row.name)).toEqual(['Valley District']);
    } finally {
      await alone.close();
    }
  });

  it('is not served by the dashboard when ROSTER_URL names its own process', async () => {
    const elsewhere = await createTestApp({ rosterUrl: 'https://roster.example.org' });
    try {
      const response = await elsewhere.app.inject({ method: 'GET', url: '/roster/districts' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/problem+json');
      // Nor does the web app's client routing take its paths.
      expect(isClientRoute('/roster/districts')).toBe(false);
      expect(isClientRoute('/roster')).toBe(false);
      expect(isClientRoute('/rosters')).toBe(true);
    } finally {
      await elsewhere.close();
    }
  });
});
