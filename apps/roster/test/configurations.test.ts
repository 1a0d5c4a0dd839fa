import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIRECT_ADVISER, OWNER, SUPER, type TestApp, VOLUNTEER } from '../../api/test/harness';
import { ADVISER, type BadInput, demoAccounts, expectEachFieldNamed, mapDemoSchools, rosterCaller } from './support';

/**
 * A configuration looked up by its owner (GET /roster/configurations?schoolId= or ?districtId=),
 * through the roster service as the dashboard serves it, on a real PGlite database with the demo:
 * the owner's own configuration (one per owner, the table's unique keys), 404 when it has none or
 * when the owner is another tenant's, 400 naming the field otherwise.
 */

const SECRET = 'sis-client-secret-do-not-show';

let t: TestApp;
let lincolnSchool: number;
let otherSchool: number;
let oakSchool: number;
let studioDistrict: number;
let valleyDistrict: number;

const { roster } = rosterCaller(() => t);

const endpoint = {
  baseUrl: 'https://sis.example.org/ims/oneroster/rostering/v1p2',
  version: '1.2',
  authKind: 'oauth2',
  clientId: 'studio-client',
  clientSecret: SECRET,
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

describe('a configuration looked up by its owner', () => {
  it("answers a district's own configuration, without its secret, even when no school inherits it", async () => {
    expect((await roster(OWNER, 'GET', `/roster/configurations?districtId=${studioDistrict}`)).statusCode).toBe(404);
    const created = await roster(OWNER, 'POST', '/roster/configurations', { districtId: studioDistrict, ...endpoint });
    expect(created.statusCode, created.body).toBe(201);

    const found = await roster(OWNER, 'GET', `/roster/configurations?districtId=${studioDistrict}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({
      id: created.json().id,
      districtId: studioDistrict,
      schoolId: null,
      clientId: 'studio-client',
      hasSecret: true,
    });
    expect(found.body).not.toContain(SECRET);
  });

  it("answers a school's own configuration only: a district's that it inherits is not its own", async () => {
    // Lincoln is in the studio's district, which has a configuration: inherited, not Lincoln's own.
    const none = await roster(ADVISER, 'GET', `/roster/configurations?schoolId=${lincolnSchool}`);
    expect(none.statusCode).toBe(404);
    expect(none.headers['content-type']).toContain('application/problem+json');
    expect(none.json().detail).toBe('No configuration');

    const own = await roster(ADVISER, 'POST', '/roster/configurations', {
      schoolId: lincolnSchool,
      baseUrl: 'https://lincoln.example.org/ims/oneroster/v1p1',
      version: '1.1',
      authKind: 'oauth1',
      clientId: 'lincoln',
    });
    expect(own.statusCode, own.body).toBe(201);
    const found = await roster(ADVISER, 'GET', `/roster/configurations?schoolId=${lincolnSchool}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({ id: own.json().id, schoolId: lincolnSchool, districtId: null });
    expect(found.json().hasSecret).toBe(false);
    // Reading needs roster.view only: Lincoln's volunteer reads it too.
    expect((await roster(VOLUNTEER, 'GET', `/roster/configurations?schoolId=${lincolnSchool}`)).statusCode).toBe(200);
    // The district's stays the district's.
    const district = await roster(OWNER, 'GET', `/roster/configurations?districtId=${studioDistrict}`);
    expect(district.json().clientId).toBe('studio-client');
    // A school with neither has none.
    expect((await roster(OWNER, 'GET', `/roster/configurations?schoolId=${otherSchool}`)).statusCode).toBe(404);
  });

  it('is one per owner: a second one for the same owner is refused with 409, the first stays', async () => {
    const second = await roster(OWNER, 'POST', '/roster/configurations', {
      districtId: studioDistrict,
      ...endpoint,
      clientId: 'duplicate',
    });
    expect(second.statusCode, second.body).toBe(409);
    const found = await roster(OWNER, 'GET', `/roster/configurations?districtId=${studioDistrict}`);
    expect(found.json().clientId).toBe('studio-client');
  });

  it("answers 404 for another tenant's school or district, though it has a configuration", async () => {
    const valley = await roster(SUPER, 'POST', '/roster/configurations', {
      districtId: valleyDistrict,
      ...endpoint,
      clientId: 'valley',
    });
    expect(valley.statusCode, valley.body).toBe(201);
    const oak = await roster(SUPER, 'POST', '/roster/configurations', { schoolId: oakSchool, ...endpoint });
    expect(oak.statusCode, oak.body).toBe(201);

    const districtRefused = await roster(OWNER, 'GET', `/roster/configurations?districtId=${valleyDistrict}`);
    expect(districtRefused.statusCode).toBe(404);
    expect(districtRefused.body).not.toContain('valley');
    expect((await roster(OWNER, 'GET', `/roster/configurations?schoolId=${oakSchool}`)).statusCode).toBe(404);
    // A school's staff see their school only, not the studio's district.
    expect((await roster(ADVISER, 'GET', `/roster/configurations?districtId=${studioDistrict}`)).statusCode).toBe(404);
    // The other tenant sees its own.
    const theirs = await roster(DIRECT_ADVISER, 'GET', `/roster/configurations?districtId=${valleyDistrict}`);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().clientId).toBe('valley');
  });

  it('names the field when the owner is missing, doubled or not an id', async () => {
    const cases: BadInput[] = [
      ['schoolId', 'GET', '/roster/configurations', undefined],
      ['schoolId', 'GET', `/roster/configurations?schoolId=${lincolnSchool}&districtId=${studioDistrict}`, undefined],
      ['schoolId', 'GET', '/roster/configurations?schoolId=lincoln', undefined],
      ['districtId', 'GET', '/roster/configurations?districtId=0', undefined],
    ];
    await expectEachFieldNamed(roster, OWNER, cases);
  });
});

describe('what vendors differ on: the OAuth 2 token URL and the OAuth 1 signature method', () => {
  const studioConfiguration = async () => {
    const found = await roster(OWNER, 'GET', `/roster/configurations?districtId=${studioDistrict}`);
    expect(found.statusCode, found.body).toBe(200);
    return found.json<{ id: number }>().id;
  };

  it('keeps a token URL for OAuth 2 and a signature method for OAuth 1, each reset when the kind changes', async () => {
    const id = await studioConfiguration();
    const { clientSecret: _secret, ...fields } = endpoint;
    const tokenUrl = 'https://auth.example.org/oauth/v2/token';

    const oauth2 = await roster(OWNER, 'PUT', `/roster/configurations/${id}`, { ...fields, tokenUrl });
    expect(oauth2.statusCode, oauth2.body).toBe(200);
    expect(oauth2.json()).toMatchObject({ authKind: 'oauth2', tokenUrl, signatureMethod: null, hasSecret: true });
    const read = await roster(OWNER, 'GET', `/roster/configurations/${id}`);
    expect(read.json()).toMatchObject({ tokenUrl, signatureMethod: null });

    // OAuth 1 without a method signs as the standard says; the token URL goes with OAuth 2.
    const oauth1 = await roster(OWNER, 'PUT', `/roster/configurations/${id}`, { ...fields, authKind: 'oauth1' });
    expect(oauth1.statusCode, oauth1.body).toBe(200);
    expect(oauth1.json()).toMatchObject({ authKind: 'oauth1', tokenUrl: null, signatureMethod: 'HMAC-SHA256' });

    const sha1 = await roster(OWNER, 'PUT', `/roster/configurations/${id}`, {
      ...fields,
      authKind: 'oauth1',
      signatureMethod: 'HMAC-SHA1',
    });
    expect(sha1.statusCode, sha1.body).toBe(200);
    const again = await roster(OWNER, 'GET', `/roster/configurations?districtId=${studioDistrict}`);
    expect(again.json()).toMatchObject({ signatureMethod: 'HMAC-SHA1', tokenUrl: null, clientId: 'studio-client' });

    // Back to OAuth 2 with no token URL: `<origin>/token` again, and no signature method.
    const back = await roster(OWNER, 'PUT', `/roster/configurations/${id}`, { ...fields, tokenUrl: null });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ authKind: 'oauth2', tokenUrl: null, signatureMethod: null });
  });

  it('names tokenUrl or signatureMethod when it is not an address, not a method, or for the other kind', async () => {
    const id = await studioConfiguration();
    const { clientSecret: _secret, ...fields } = endpoint;
    const create = { schoolId: otherSchool, ...endpoint };
    const cases: BadInput[] = [
      ['tokenUrl', 'POST', '/roster/configurations', { ...create, tokenUrl: 'not a url' }],
      ['tokenUrl', 'POST', '/roster/configurations', { ...create, tokenUrl: 'ftp://auth.example.org/token' }],
      ['tokenUrl', 'POST', '/roster/configurations', { ...create, tokenUrl: '' }],
      [
        'tokenUrl',
        'POST',
        '/roster/configurations',
        { ...create, authKind: 'oauth1', tokenUrl: 'https://auth.example.org/token' },
      ],
      [
        'tokenUrl',
        'PUT',
        `/roster/configurations/${id}`,
        { ...fields, authKind: 'oauth1', tokenUrl: 'https://a.example/t' },
      ],
      [
        'signatureMethod',
        'POST',
        '/roster/configurations',
        { ...create, authKind: 'oauth1', signatureMethod: 'RSA-SHA1' },
      ],
      ['signatureMethod', 'POST', '/roster/configurations', { ...create, signatureMethod: 'HMAC-SHA1' }],
      ['signatureMethod', 'PUT', `/roster/configurations/${id}`, { ...fields, signatureMethod: 'HMAC-SHA256' }],
    ];
    await expectEachFieldNamed(roster, OWNER, cases);
    // Nothing was stored: Washington Middle still has no configuration, the district's is unchanged.
    expect((await roster(OWNER, 'GET', `/roster/configurations?schoolId=${otherSchool}`)).statusCode).toBe(404);
    const kept = await roster(OWNER, 'GET', `/roster/configurations/${id}`);
    expect(kept.json()).toMatchObject({ authKind: 'oauth2', tokenUrl: null, signatureMethod: null });
  });
});
