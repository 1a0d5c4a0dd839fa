import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { jsonResponse, makeUser, signInAs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { HelpMenu } from './HelpMenu';
import { WALKTHROUGH_AUTOSTART_KEY } from './preference';
import { runWalkthrough } from './run';
import { WalkthroughAutostart } from './WalkthroughAutostart';

const location = { pathname: '/admin/accounts' };
vi.mock('@tanstack/react-router', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@tanstack/react-router')>()),
  useRouterState: ({ select }: { select: (state: { location: typeof location; isLoading: boolean }) => unknown }) =>
    select({ location, isLoading: false }),
}));
// driver.js draws on a laid-out page; here the runner answers as a user pressing Finish would.
vi.mock('./run', () => ({ runWalkthrough: vi.fn(async () => 'finished'), isWalkthroughRunning: () => false }));
const run = vi.mocked(runWalkthrough);

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let recorded: { tourId: string; outcome: string }[];

function answerTours(done: string[]) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (url === '/api/profile/tours' && method === 'GET') {
      return jsonResponse({
        data: done.map((tourId) => ({ tourId, outcome: 'finished', updatedAt: '2026-11-25T08:00:00Z' })),
      });
    }
    const put = /^\/api\/profile\/tours\/([\w-]+)$/.exec(url);
    if (put?.[1] && method === 'PUT') {
      const body = JSON.parse(String(init?.body)) as { outcome: string };
      recorded.push({ tourId: put[1], outcome: body.outcome });
      return jsonResponse({ tourId: put[1], outcome: body.outcome, updatedAt: '2026-11-25T08:00:00Z' });
    }
    return jsonResponse({ data: [] });
  });
}

const toursAsked = () =>
  fetchMock.mock.calls.filter(
    ([url, init]) => String(url) === '/api/profile/tours' && (init?.method ?? 'GET') === 'GET',
  );

/** The accounts page as the tours see it: its navigation link and "New account", its list not yet shown. */
function AccountsPage() {
  return (
    <div>
      <a href="/admin/accounts" data-tour="nav-accounts">
        Accounts
      </a>
      <button type="button" data-tour="add-record">
        New account
      </button>
      <HelpMenu />
      <WalkthroughAutostart />
    </div>
  );
}

beforeEach(() => {
  location.pathname = '/admin/accounts';
  recorded = [];
  run.mockClear();
  fetchMock = vi.fn<typeof fetch>();
  configureApiClient({ fetch: fetchMock });
  signInAs(makeUser({ role: 8 }));
  // Shown elements have boxes; jsdom lays nothing out, so the marked ones get one.
  vi.spyOn(Element.prototype, 'getClientRects').mockImplementation(function (this: Element) {
    return (this.hasAttribute('data-tour') ? [new DOMRect(0, 0, 10, 10)] : []) as unknown as DOMRectList;
  });
});
afterEach(() => {
  resetApiClient();
  vi.restoreAllMocks();
});

describe('a walkthrough starting by itself', () => {
  it("starts the page's tour for a user who has not seen it, skips the step whose target is missing, and remembers it finished", async () => {
    answerTours([]);
    renderWithProviders(<AccountsPage />);
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    const [tour, steps] = run.mock.calls[0] ?? [];
    expect(tour?.id).toBe('accounts');
    // The list ('data-table') is not on the page: its step is left out, the others kept in order.
    expect(steps?.map((step) => step.target)).toEqual(['nav-accounts', 'add-record']);
    await waitFor(() => expect(recorded).toEqual([{ tourId: 'accounts', outcome: 'finished' }]));
  });

  it('does not start a tour the user finished', async () => {
    answerTours(['accounts']);
    renderWithProviders(<AccountsPage />);
    await waitFor(() => expect(toursAsked()).toHaveLength(1));
    // The page has one tour and it is done: nothing waits for targets, nothing starts.
    await new Promise((resolve) => queueMicrotask(() => resolve(undefined)));
    expect(run).not.toHaveBeenCalled();
  });

  it('does not start when this browser keeps walkthroughs to the help menu', async () => {
    localStorage.setItem(WALKTHROUGH_AUTOSTART_KEY, 'off');
    answerTours([]);
    renderWithProviders(<AccountsPage />);
    await screen.findByRole('button', { name: 'Help' });
    expect(toursAsked()).toHaveLength(0);
    expect(run).not.toHaveBeenCalled();
  });
});

describe('the help menu', () => {
  beforeEach(() => localStorage.setItem(WALKTHROUGH_AUTOSTART_KEY, 'off'));

  it("starts one of the page's walkthroughs again with the steps on the page", async () => {
    answerTours(['accounts']);
    const user = userEvent.setup();
    renderWithProviders(<AccountsPage />);
    await user.click(screen.getByRole('button', { name: 'Help' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Accounts' }));
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    expect(run.mock.calls[0]?.[1].map((step) => step.target)).toEqual(['nav-accounts', 'add-record']);
  });

  it("says so, and starts nothing, when none of a walkthrough's targets is on the page", async () => {
    location.pathname = '/admin/profile';
    answerTours([]);
    const user = userEvent.setup();
    renderWithProviders(<AccountsPage />);
    await user.click(screen.getByRole('button', { name: 'Help' }));
    // Agreements points only at the Agreements link, which this app does not show yet.
    await user.click(await screen.findByRole('menuitem', { name: 'Agreements' }));
    await screen.findByText('Nothing this walkthrough shows is on the page just now.');
    expect(run).not.toHaveBeenCalled();
  });

  it('turns starting by itself back on, and asks the API to show every walkthrough again', async () => {
    answerTours([]);
    const user = userEvent.setup();
    renderWithProviders(<AccountsPage />);
    await user.click(screen.getByRole('button', { name: 'Help' }));
    const toggle = await screen.findByRole('switch', { name: 'Start walkthroughs by themselves' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await user.click(toggle);
    await waitFor(() => expect(localStorage.getItem(WALKTHROUGH_AUTOSTART_KEY)).toBe('on'));
    await user.click(await screen.findByRole('menuitem', { name: 'Show every walkthrough again' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url, init]) => String(url) === '/api/profile/tours' && init?.method === 'DELETE'),
      ).toBe(true),
    );
  });
});
