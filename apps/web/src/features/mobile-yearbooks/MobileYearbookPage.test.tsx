import type { MobileYearbook } from '@colophon/contract';
import { MOBILE_YEARBOOK_MESSAGES } from '@colophon/domain';
import { createMemoryHistory } from '@tanstack/react-router';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { createAppRouter } from '../../app/router';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { jsonResponse, problemResponse } from '../../test/fixtures';
import { clampPan, zoomAround } from './usePinchZoom';

const SLOW = { timeout: 10_000 };
const OPEN_PATH = '/api/mobile_yearbooks/open';

const book: MobileYearbook = {
  token: '1.2.3.signature-signature-signature',
  expiresAt: '2026-11-25T12:00:00.000Z',
  proofId: 2,
  title: 'Lincoln Legacy 2026',
  schoolName: 'Lincoln High School',
  schoolYear: '2025-2026',
  pageCount: 3,
  pages: [1, 2, 3].map((page) => ({
    page,
    widthPts: 612,
    heightPts: 792,
    thumbUrl: `/api/files/thumb-${page}.jpg`,
    viewerUrl: `/api/files/page-${page}.jpg`,
    viewerWidth: 1200,
    viewerHeight: 1553,
  })),
  epub: { url: '/api/files/book.epub', fileName: 'Lincoln Legacy 2026.epub' },
};

describe('/mobile-yearbooks, the digital yearbook on a phone', () => {
  let answer: (body: { code: string }) => Response;
  let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

  beforeEach(() => {
    queryClient.clear();
    answer = () => jsonResponse(book);
    fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      if (String(input) === OPEN_PATH) return answer(JSON.parse(String(init?.body)) as { code: string });
      return jsonResponse({ data: [], total: 0, page: 1, perPage: 25 });
    });
    configureApiClient({ fetch: fetchMock });
  });

  afterEach(() => {
    resetApiClient();
    queryClient.clear();
  });

  const renderAt = (url: string) => {
    const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [url] }) });
    render(<App router={router} queryClient={queryClient} env="test" />);
  };
  const openCalls = () => fetchMock.mock.calls.filter(([input]) => String(input) === OPEN_PATH);
  const enter = async (code: string) => {
    await userEvent.type(await screen.findByRole('textbox', { name: /Access code/ }, SLOW), code);
    await userEvent.click(screen.getByRole('button', { name: 'Open the yearbook' }));
  };

  it('opens the book from the code typed, shows page 1 and turns the pages', async () => {
    renderAt('/mobile-yearbooks');
    await enter('demo-year-book');
    expect(JSON.parse(String(openCalls()[0]?.[1]?.body))).toEqual({ code: 'demo-year-book' });
    expect(await screen.findByRole('heading', { name: 'Lincoln Legacy 2026' }, SLOW)).toBeTruthy();
    const pages = screen.getByRole('region', { name: 'Yearbook pages' });
    expect(within(pages).getByRole('img', { name: 'Page 1' }).getAttribute('src')).toBe('/api/files/page-1.jpg');
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(within(pages).getByRole('img', { name: 'Page 2' })).toBeTruthy();
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(within(pages).getByRole('img', { name: 'Page 3' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', true);
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(within(pages).getByRole('img', { name: 'Page 2' })).toBeTruthy();

    const epub = screen.getByRole('link', { name: 'Download the EPUB' });
    expect(epub.getAttribute('href')).toBe('/api/files/book.epub');
    expect(epub.getAttribute('download')).toBe('Lincoln Legacy 2026.epub');
  });

  it("opens the receipt's link at once, keeping a code of digits as it is", async () => {
    renderAt('/mobile-yearbooks?code=000012345678');
    expect(await screen.findByRole('heading', { name: 'Lincoln Legacy 2026' }, SLOW)).toBeTruthy();
    expect(openCalls()).toHaveLength(1);
    expect(JSON.parse(String(openCalls()[0]?.[1]?.body))).toEqual({ code: '000012345678' });
  });

  it('zooms with the buttons and goes back to the whole page on the next page', async () => {
    renderAt('/mobile-yearbooks?code=DEMO-YEAR-BOOK');
    const zoomIn = await screen.findByRole('button', { name: 'Zoom in' }, SLOW);
    expect(screen.getByRole('button', { name: 'Zoom out' })).toHaveProperty('disabled', true);
    await userEvent.click(zoomIn);
    expect(screen.getByText('150%')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Page 1' }).style.transform).toContain('scale(1.5)');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('100%')).toBeTruthy();
  });

  it("says clearly when the code doesn't match, and when there were too many tries", async () => {
    answer = () => problemResponse(404, MOBILE_YEARBOOK_MESSAGES.unknownCode);
    renderAt('/mobile-yearbooks');
    await enter('ZZZZ-ZZZZ-ZZZZ');
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toContain(
      "That code doesn't match a yearbook. Check the code on your receipt.",
    );

    answer = () =>
      problemResponse(
        429,
        "Too many codes that don't match a yearbook. Try again in 12 minutes. Check the code on your receipt.",
      );
    await userEvent.click(screen.getByRole('button', { name: 'Open the yearbook' }));
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toContain('Try again in 12 minutes.');
    expect(screen.queryByRole('region', { name: 'Yearbook pages' })).toBeNull();
  });
});

describe('pinch zoom arithmetic', () => {
  it('zooms around the fingers: the point under them stays put', () => {
    const zoomed = zoomAround({ scale: 1, x: 0, y: 0 }, 2, 100, 50);
    // The point 100 px right of the centre was under the fingers; at 2× it is still at 100 px.
    expect(zoomed).toEqual({ scale: 2, x: -100, y: -50 });
    expect(zoomAround(zoomed, 10, 0, 0).scale).toBe(4);
    expect(zoomAround(zoomed, 0.2, 0, 0).scale).toBe(1);
  });

  it('keeps a zoomed page inside its frame', () => {
    expect(clampPan({ scale: 2, x: 500, y: -900 }, 300, 400)).toEqual({ scale: 2, x: 150, y: -200 });
    expect(clampPan({ scale: 1, x: 20, y: 20 }, 300, 400)).toEqual({ scale: 1, x: 0, y: 0 });
  });
});
