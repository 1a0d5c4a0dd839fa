import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, makeUser } from '../../../test/fixtures';
import { renderAt, SLOW, startRoster, stopRoster } from '../roster-test-support';

/** Issue 16: a school's OneRoster endpoint with a write-only secret, what it inherits, and its settings. */

const owner = makeUser({ role: 8 });
const configuration = {
  id: 3,
  schoolId: 1,
  districtId: null,
  baseUrl: 'https://sis.example.org/ims/oneroster/rostering/v1p2',
  version: '1.2',
  authKind: 'oauth2',
  clientId: 'colophon',
  hasSecret: true,
  updatedAt: '2026-09-01T12:00:00.000Z',
};
const schools = () => jsonResponse({ data: [{ id: 1, name: 'Lincoln High' }], total: 1, page: 1, perPage: 200 });
const settings = () => jsonResponse({ schoolId: 1, districtId: null, syncSchedule: 'daily', grades: ['09'] });

afterEach(stopRoster);

describe('the roster configurations screen', () => {
  it('says a secret is stored, keeps it when saving, and sends a new one only when replaced', async () => {
    const roster = startRoster(owner, ({ method, path }) => {
      if (path === '/schools') return schools();
      if (path === '/one-roster/inherited-config/1')
        return jsonResponse({ schoolId: 1, source: 'school', configuration });
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

  it("shows the district's configuration a school inherits, and the school's settings", async () => {
    startRoster(owner, ({ path }) => {
      if (path === '/schools') return schools();
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
});
