import type { QuickBooksConnection } from '@colophon/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { jsonResponse, makeUser, problemResponse, signInAs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { QuickBooksConnectionPanel } from './QuickBooksConnectionPanel';

const disconnected: QuickBooksConnection = {
  configured: true,
  connected: false,
  source: null,
  environment: 'sandbox',
  realmId: null,
  connectedAt: null,
  connectedBy: null,
  refreshedAt: null,
  accessTokenExpiresAt: null,
  refreshTokenExpiresAt: null,
};

const connected: QuickBooksConnection = {
  ...disconnected,
  connected: true,
  source: 'connected',
  realmId: '9130350000000000',
  connectedAt: '2026-03-02T10:00:00.000Z',
  connectedBy: { id: 1, name: 'Sam Super' },
  refreshedAt: '2026-03-02T11:00:00.000Z',
  accessTokenExpiresAt: '2026-03-02T12:00:00.000Z',
  refreshTokenExpiresAt: '2026-06-10T11:00:00.000Z',
};

/** The API as the panel calls it: the connection (as `state` holds it), connect and disconnect. */
function serve(initial: QuickBooksConnection, options: { failDisconnect?: boolean } = {}) {
  let state = initial;
  const sent: string[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    sent.push(`${init?.method ?? 'GET'} ${url.pathname}`);
    if (url.pathname === '/api/quickbooks/connection') return jsonResponse(state);
    if (url.pathname === '/api/quickbooks/connect') {
      return jsonResponse({
        authorizeUrl: 'https://appcenter.intuit.com/connect/oauth2?client_id=abc&state=1.2.3.4',
        expiresAt: '2026-03-02T10:10:00.000Z',
      });
    }
    if (url.pathname === '/api/quickbooks/disconnect') {
      if (options.failDisconnect)
        return problemResponse(502, 'Intuit did not answer: QuickBooks is still connected. Try again in a moment.');
      state = disconnected;
      return jsonResponse(state);
    }
    return jsonResponse({}, { status: 404 });
  });
  configureApiClient({ fetch: fetchMock });
  return sent;
}

afterEach(() => {
  resetApiClient();
  vi.restoreAllMocks();
});

describe('QuickBooksConnectionPanel', () => {
  it('says the embedded books are in use when QuickBooks is not configured, with no button', async () => {
    signInAs(makeUser({ bSuperAdmin: true }));
    serve({ ...disconnected, configured: false, environment: null });
    renderWithProviders(<QuickBooksConnectionPanel />);
    const panel = screen.getByRole('region', { name: 'QuickBooks connection' });
    expect(await within(panel).findByText(/The embedded books are in use/)).toBeTruthy();
    expect(within(panel).queryByRole('button')).toBeNull();
  });

  it('sends the browser to Intuit on Connect QuickBooks', async () => {
    signInAs(makeUser({ bSuperAdmin: true }));
    const sent = serve(disconnected);
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    renderWithProviders(<QuickBooksConnectionPanel />);
    const panel = screen.getByRole('region', { name: 'QuickBooks connection' });
    expect(await within(panel).findByText('Not connected')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Connect QuickBooks' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://appcenter.intuit.com/connect/oauth2?client_id=abc&state=1.2.3.4'),
    );
    expect(sent).toContain('GET /api/quickbooks/connect');
  });

  it('shows the company connected, since when and by whom, and disconnects after asking', async () => {
    signInAs(makeUser({ bSuperAdmin: true }));
    const sent = serve(connected);
    renderWithProviders(<QuickBooksConnectionPanel />);
    const panel = screen.getByRole('region', { name: 'QuickBooks connection' });
    expect(await within(panel).findByText(/QuickBooks company 9130350000000000 \(sandbox\)/)).toBeTruthy();
    expect(within(panel).getByText(/by Sam Super/)).toBeTruthy();
    expect(within(panel).getByText(/Last token refresh/)).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/revoked at Intuit/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(sent).toContain('POST /api/quickbooks/disconnect'));
    expect(await within(panel).findByText('Not connected')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Connect QuickBooks' })).toBeTruthy();
  });

  it('keeps the connection and says why when Intuit does not answer the disconnect', async () => {
    signInAs(makeUser({ bSuperAdmin: true }));
    serve(connected, { failDisconnect: true });
    renderWithProviders(<QuickBooksConnectionPanel />);
    const panel = screen.getByRole('region', { name: 'QuickBooks connection' });
    fireEvent.click(await within(panel).findByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText(/QuickBooks is still connected/)).toBeTruthy();
    expect(within(panel).getByText('Connected')).toBeTruthy();
  });
});
