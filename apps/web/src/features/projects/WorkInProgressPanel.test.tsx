import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { jsonResponse, makeUser, problemResponse, signInAs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { NO_RESPONSE_MESSAGE, UNEXPECTED_MESSAGE, WorkInProgressPanel } from './WorkInProgressPanel';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  configureApiClient({ fetch: fetchMock });
  signInAs(makeUser({ role: 5 }));
});
afterEach(() => resetApiClient());

const wip = {
  projectId: 12,
  source: 'latest_proof',
  proofId: 31,
  status: null,
  updatedAt: null,
  pages: [
    { page: 1, imageUrl: '/api/files/signed/p1.webp?sig=1', thumbUrl: null, width: 1600, height: 2070 },
    {
      page: 2,
      imageUrl: '/api/files/signed/p2.webp?sig=2',
      thumbUrl: '/api/files/signed/t2.webp?sig=2',
      width: 1600,
      height: 2070,
    },
  ],
};

describe("the project's Work in progress", () => {
  it('shows the pages and where they come from', async () => {
    fetchMock.mockResolvedValue(jsonResponse(wip));
    renderWithProviders(<WorkInProgressPanel projectId={12} />);
    expect(await screen.findByRole('img', { name: 'Page 1' })).toHaveProperty(
      'src',
      expect.stringContaining('p1.webp'),
    );
    expect(screen.getByRole('img', { name: 'Page 2' })).toHaveProperty('src', expect.stringContaining('t2.webp'));
    expect(screen.getByText(/From proof 31, the latest processed proof\. 2 pages\./)).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/projects/12/work_in_progress');
  });

  it('says when there are no pages yet', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ...wip, proofId: null, pages: [] }));
    renderWithProviders(<WorkInProgressPanel projectId={12} />);
    expect(await screen.findByText(/No pages yet/)).toBeTruthy();
  });

  it.each([
    {
      name: "the configurator's failure, in the API's words",
      answer: () => problemResponse(502, 'The layout configurator did not answer within 10 s. Try again later.'),
      message: 'The layout configurator did not answer within 10 s. Try again later.',
    },
    {
      name: 'no answer at all',
      answer: () => Promise.reject(new TypeError('Failed to fetch')),
      message: NO_RESPONSE_MESSAGE,
    },
    { name: 'any other failure', answer: () => problemResponse(500, 'boom'), message: UNEXPECTED_MESSAGE },
  ])('shows $name as a message with Retry, not a broken page', async ({ answer, message }) => {
    fetchMock.mockImplementationOnce(async () => answer());
    fetchMock.mockResolvedValue(jsonResponse(wip));
    renderWithProviders(<WorkInProgressPanel projectId={12} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The work in progress could not be shown');
    expect(alert.textContent).toContain(message);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Page 1' })).toBeTruthy());
  });
});
