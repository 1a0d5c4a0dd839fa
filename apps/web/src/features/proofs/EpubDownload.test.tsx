import { EPUB_PREPARING_DETAIL, type EpubLink } from '@colophon/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { jsonResponse, makeUser, problemResponse, signInAs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { EpubDownload, epubLinkKey } from './EpubDownload';

const ready: EpubLink = {
  url: '/api/files/signed/proofs/7/book.epub?expires=1900000000&signature=abc',
  fileName: 'Lincoln Yearbook round 2.epub',
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
};

let calls: string[];
let answers: (() => Response)[];

beforeEach(() => {
  calls = [];
  answers = [];
  signInAs(makeUser({ role: 5 }));
  configureApiClient({
    fetch: vi.fn<typeof fetch>(async (input) => {
      calls.push(new URL(String(input), 'http://localhost').pathname);
      const next = answers.length > 1 ? answers.shift()! : answers[0];
      return next ? next() : jsonResponse(ready);
    }),
  });
});
afterEach(() => {
  vi.useRealTimers();
  resetApiClient();
});

describe('EpubDownload', () => {
  it('shows nothing and asks nothing for a proof that is not approved', async () => {
    const { container, queryClient } = renderWithProviders(<EpubDownload proofId={7} approved={false} />);
    expect(container.querySelector('button')).toBeNull();
    // The link's query is registered, idle and never started: nothing is on its way.
    expect(queryClient.getQueryState(epubLinkKey(7))).toMatchObject({ status: 'pending', fetchStatus: 'idle' });
    expect(queryClient.isFetching()).toBe(0);
    expect(calls).toEqual([]);
  });

  it('waits while the EPUB is being prepared, then downloads it under its file name', async () => {
    answers = [
      () => problemResponse(409, EPUB_PREPARING_DETAIL, { code: 'conflict' }),
      () => problemResponse(409, EPUB_PREPARING_DETAIL, { code: 'conflict' }),
      () => jsonResponse(ready),
    ];
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const user = userEvent.setup();
    renderWithProviders(<EpubDownload proofId={7} approved pollMs={20} />);

    const waiting = await screen.findByRole('button', { name: 'EPUB being prepared' });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    // The usual "being prepared" answer is the button's own label, not repeated below it.
    expect(screen.queryByText(EPUB_PREPARING_DETAIL)).toBeNull();

    const button = await screen.findByRole('button', { name: 'Download EPUB' });
    expect(calls.length).toBeGreaterThanOrEqual(3);
    expect(calls.every((path) => path === '/api/proofs/7/epub_link')).toBe(true);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.getAttribute('href')).toBe(ready.url);
    expect(clicked[0]!.download).toBe('Lincoln Yearbook round 2.epub');
  });

  it('asks for a new link when the one it has is about to expire', async () => {
    const expiring = { ...ready, expiresAt: new Date(Date.now() + 60_000).toISOString() };
    const fresh = { ...ready, url: `${ready.url}-fresh` };
    answers = [() => jsonResponse(expiring), () => jsonResponse(fresh)];
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    const user = userEvent.setup();
    renderWithProviders(<EpubDownload proofId={7} approved />);
    await user.click(await screen.findByRole('button', { name: 'Download EPUB' }));
    await waitFor(() => expect(clicked).toEqual([fresh.url]));
    expect(calls).toHaveLength(2);
  });

  it('says why when the EPUB could not be made, keeps the button off and stops asking', async () => {
    const failed = 'The EPUB could not be made. The plant can make it again from the EPUB processing queue.';
    answers = [() => problemResponse(409, failed, { code: 'conflict' })];
    // Polls run on setInterval: faked, every poll it could have scheduled is run below, instead of
    // waiting and hoping one would have come.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'], shouldAdvanceTime: true });
    const { queryClient } = renderWithProviders(<EpubDownload proofId={7} approved pollMs={20} />);
    expect(await screen.findByText(failed)).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Download EPUB' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await vi.advanceTimersByTimeAsync(20 * 10);
    expect(queryClient.isFetching()).toBe(0);
    expect(calls).toHaveLength(1);
  });
});
