import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, makeUser } from '../../../test/fixtures';
import { renderAt, rosterProblem, type SeenRosterCall, SLOW, startRoster, stopRoster } from '../roster-test-support';

/**
 * Issue 16: a school's or a district's OneRoster endpoint (looked up by its owner) with a write-only
 * secret, what a school inherits, and the settings.
 */

const owner = makeUser({ role: 8 });
const configuration = {
  id: 3,
  schoolId: 1,
  districtId: null,
  baseUrl: 'https://sis.example.org/ims/oneroster/rostering/v1p2',
  version: '1.2',
  authKind: 'oauth2',
  clientId: 'colophon',
  tokenUrl: null,
  signatureMethod: null,
  hasSecret: true,
  updatedAt: '2026-09-01T12:00:00.000Z',
};
const schools = () => jsonResponse({ data: [{ id: 1, name: 'Lincoln High' }], total: 1, page: 1, perPage: 200 });
const settings = () => jsonResponse({ schoolId: 1, districtId: null, syncSchedule: 'daily', grades: ['09'] });
/** GET /configurations?schoolId=… or ?districtId=…: the owner's own configuration lookup. */
const lookup = (call: SeenRosterCall, owner: 'schoolId' | 'districtId', id: number) =>
  call.method === 'GET' && call.path === '/configurations' && call.url.searchParams.get(owner) === String(id);
const noConfiguration = () => rosterProblem(404, 'No configuration');

afterEach(stopRoster);

describe('the roster configurations screen', () => {
  it('says a secret is stored, keeps it when saving, and sends a new one only when replaced', async () => {
    const roster = startRoster(owner, (call) => {
      const { method, path } = call;
      if (path === '/schools') return schools();
      if (lookup(call, 'schoolId', 1)) return jsonResponse(configuration);
      if (method === 'PUT' && path === '/configurations/3') return jsonResponse(configuration);
      if (path === '/settings') return settings();
      return undefined;
    });
    renderAt('/admin/roster/configurations?schoolId=1');
    expect(await screen.findByText('A secret is stored.', {}, SLOW)).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save configuration' });
    const clientId = screen.getByRole('textbox', { name: /Client id/ });
    await userEvent.type(clientId, '-2');
    await userEvent.click(save);
    await waitFor(() => expect(roster.calls('PUT', '/configurations/3')).toHaveLength(1), SLOW);
    expect(JSON.parse(String(roster.calls('PUT', '/configurations/3')[0]?.body))).toEqual({
      version: '1.2',
      baseUrl: configuration.baseUrl,
      authKind: 'oauth2',
      // No token URL: the vendor's is `<origin>/token`.
      tokenUrl: null,
      clientId: 'colophon-2',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Replace secret' }));
    await userEvent.type(screen.getByLabelText(/Client secret/), 'new-secret');
    await userEvent.click(save);
    await waitFor(() => expect(roster.calls('PUT', '/configurations/3')).toHaveLength(2), SLOW);
    expect(JSON.parse(String(roster.calls('PUT', '/configurations/3')[1]?.body))).toMatchObject({
      clientSecret: 'new-secret',
    });
  });

  it('asks a token URL for OAuth 2 and a signature method for OAuth 1, and sends only the chosen kind’s', async () => {
    const roster = startRoster(owner, (call) => {
      const { method, path } = call;
      if (path === '/schools') return schools();
      if (lookup(call, 'schoolId', 1)) return jsonResponse(configuration);
      if (method === 'PUT' && path === '/configurations/3') return jsonResponse(configuration);
      if (path === '/settings') return settings();
      return undefined;
    });
    renderAt('/admin/roster/configurations?schoolId=1');
    const tokenUrl = await screen.findByRole('textbox', { name: /Token URL/ }, SLOW);
    expect(screen.queryByRole('combobox', { name: /Signature method/ })).toBeNull();
    const save = screen.getByRole('button', { name: 'Save configuration' });

    await userEvent.type(tokenUrl, 'not an address');
    await userEvent.click(save);
    expect(await screen.findByText('Enter an http or https address', {}, SLOW)).toBeTruthy();
    expect(roster.calls('PUT', '/configurations/3')).toHaveLength(0);

    await userEvent.clear(tokenUrl);
    await userEvent.type(tokenUrl, 'https://auth.example.org/oauth/v2/token');
    await userEvent.click(save);
    await waitFor(() => expect(roster.calls('PUT', '/configurations/3')).toHaveLength(1), SLOW);
    const oauth2 = JSON.parse(String(roster.calls('PUT', '/configurations/3')[0]?.body));
    expect(oauth2).toMatchObject({ authKind: 'oauth2', tokenUrl: 'https://auth.example.org/oauth/v2/token' });
    expect(oauth2).not.toHaveProperty('signatureMethod');

    // OAuth 1: the token URL gives way to the signature method, labelled by the domain.
    await userEvent.click(screen.getByRole('combobox', { name: /Authentication/ }));
    await userEvent.click(await screen.findByRole('option', { name: /OAuth 1\.0a/, hidden: true }, SLOW));
    expect(screen.queryByRole('textbox', { name: /Token URL/ })).toBeNull();
    const method = screen.getByRole('combobox', { name: /Signature method/ });
    expect((method as HTMLInputElement).value).toBe('HMAC-SHA256 (standard)');
    await userEvent.click(method);
    await userEvent.click(await screen.findByRole('option', { name: 'HMAC-SHA1 (older systems)', hidden: true }, SLOW));
    await userEvent.click(save);
    await waitFor(() => expect(roster.calls('PUT', '/configurations/3')).toHaveLength(2), SLOW);
    const oauth1 = JSON.parse(String(roster.calls('PUT', '/configurations/3')[1]?.body));
    expect(oauth1).toMatchObject({ authKind: 'oauth1', signatureMethod: 'HMAC-SHA1' });
    expect(oauth1).not.toHaveProperty('tokenUrl');
  });

  it("shows the district's configuration a school inherits, and the school's settings", async () => {
    startRoster(owner, (call) => {
      const { path } = call;
      if (path === '/schools') return schools();
      if (lookup(call, 'schoolId', 1)) return noConfiguration();
      if (path === '/one-roster/inherited-config/1')
        return jsonResponse({
          schoolId: 1,
          source: 'district',
          configuration: { ...configuration, schoolId: null, districtId: 5 },
        });
      if (path === '/settings') return settings();
      return undefined;
    });
    renderAt('/admin/roster/configurations?schoolId=1');
    const inherited = await screen.findByText(/This school uses its district's configuration/, {}, SLOW);
    expect(inherited.textContent).toContain(configuration.baseUrl);
    expect(screen.getByRole('button', { name: 'Give the school its own configuration' })).toBeTruthy();
    const schedule = await screen.findByRole('combobox', { name: 'Sync schedule' }, SLOW);
    expect((schedule as HTMLInputElement).value).toBe('Every day');
    // The saved grade is chosen in the grades picker, by its domain label.
    expect(screen.getAllByText('Grade 9').length).toBeGreaterThan(0);
  });

  it("finds a district's own configuration by the district, even when none of its schools inherits it", async () => {
    const districtConfiguration = { ...configuration, id: 9, schoolId: null, districtId: 5, clientId: 'district' };
    const roster = startRoster(owner, (call) => {
      const { method, path } = call;
      if (path === '/districts')
        return jsonResponse({ data: [{ id: 5, name: 'Valley District' }], total: 1, page: 1, perPage: 200 });
      if (lookup(call, 'districtId', 5)) return jsonResponse(districtConfiguration);
      if (method === 'PUT' && path === '/configurations/9') return jsonResponse(districtConfiguration);
      if (path === '/settings') return jsonResponse({ schoolId: null, districtId: 5, syncSchedule: 'off', grades: [] });
      return undefined;
    });
    renderAt('/admin/roster/configurations?districtId=5');
    expect(await screen.findByText('A secret is stored.', {}, SLOW)).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Client id/ }) as HTMLInputElement).value).toBe('district');
    await userEvent.click(screen.getByRole('button', { name: 'Save configuration' }));
    await waitFor(() => expect(roster.calls('PUT', '/configurations/9')).toHaveLength(1), SLOW);
    // Saved as the district's: never a second one created, never guessed through a school.
    expect(roster.calls('POST', '/configurations')).toHaveLength(0);
    expect(roster.seen.some((call) => call.path.startsWith('/one-roster/inherited-config'))).toBe(false);
    expect(roster.seen.some((call) => call.path.endsWith('/accounts'))).toBe(false);
  });

  it('offers a new configuration to a district that has none', async () => {
    startRoster(owner, (call) => {
      if (call.path === '/districts')
        return jsonResponse({ data: [{ id: 5, name: 'Valley District' }], total: 1, page: 1, perPage: 200 });
      if (lookup(call, 'districtId', 5)) return noConfiguration();
      if (call.path === '/settings')
        return jsonResponse({ schoolId: null, districtId: 5, syncSchedule: 'off', grades: [] });
      return undefined;
    });
    renderAt('/admin/roster/configurations?districtId=5');
    expect(await screen.findByRole('button', { name: 'Create configuration' }, SLOW)).toBeTruthy();
    expect(screen.queryByText('Could not load')).toBeNull();
  });
});
