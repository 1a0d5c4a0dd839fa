import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { Flipbook } from './Flipbook';
import type { FlipbookFinding, FlipbookPage, FlipbookPinMarker, FlipbookProps, FlipbookView, PagePin } from './types';

function bookPage(page: number, extra: Partial<FlipbookPage> = {}): FlipbookPage {
  return {
    page,
    widthPts: 612,
    heightPts: 792,
    thumbUrl: `/files/proofs/7/pages/${page}-thumb.webp?sig=t`,
    viewerUrl: `/files/proofs/7/pages/${page}-viewer.jpg?sig=v`,
    viewerWidth: 1600,
    viewerHeight: 2071,
    ...extra,
  };
}

const fivePages = [1, 2, 3, 4, 5].map((page) => bookPage(page));

const lowResolution: FlipbookFinding = {
  id: 11,
  page: 2,
  code: 'low-resolution',
  severity: 'error',
  message: 'An image prints at 96 ppi; 150 ppi is the least for print',
  // 10% from the left and top of a 612 × 792 pt page, half its width and height.
  box: { x: 61.2, y: 79.2, width: 306, height: 396 },
};
const missingFont: FlipbookFinding = {
  id: 12,
  page: 3,
  code: 'font-not-embedded',
  severity: 'warning',
  message: 'The font Futura is not embedded',
  box: null,
};

const pinsOnPage3: FlipbookPinMarker[] = [
  { commentId: 101, pin: { page: 3, x: 0.25, y: 0.75 }, label: '1', title: 'Ada: Move the caption up' },
  { commentId: 102, pin: { page: 3, x: 0.5, y: 0.1 }, label: '2', title: 'Ben: Typo in the headline' },
];

type HarnessProps = Partial<FlipbookProps> & { initialPage?: number; initialView?: FlipbookView };

/** The proof page's part: it keeps the page and the layout (in the URL there) and hears every call. */
function Harness({
  initialPage = 1,
  initialView = 'spread',
  onPageChange,
  onViewChange,
  ...rest
}: HarnessProps & { onPageChange: (page: number) => void; onViewChange: (view: FlipbookView) => void }) {
  const [page, setPage] = useState(initialPage);
  const [view, setView] = useState<FlipbookView>(initialView);
  return (
    <Flipbook
      pages={fivePages}
      findings={[]}
      pins={[]}
      page={page}
      onPageChange={(next) => {
        onPageChange(next);
        setPage(next);
      }}
      view={view}
      onViewChange={(next) => {
        onViewChange(next);
        setView(next);
      }}
      {...rest}
    />
  );
}

function renderFlipbook(props: HarnessProps = {}) {
  const onPageChange = vi.fn<(page: number) => void>();
  const onViewChange = vi.fn<(view: FlipbookView) => void>();
  const result = renderWithProviders(<Harness {...props} onPageChange={onPageChange} onViewChange={onViewChange} />);
  return { ...result, onPageChange, onViewChange };
}

const region = () => screen.getByRole('region', { name: 'Proof pages' });
const shownPages = () => screen.queryAllByRole('figure').map((figure) => figure.getAttribute('aria-label'));
const indicator = () => screen.getByTestId('page-indicator');
const thumbnails = () => screen.getByRole('navigation', { name: 'Page thumbnails' });

describe('Flipbook', () => {
  it('opens page 1 alone on the right, then the facing pages 2–3', async () => {
    const user = userEvent.setup();
    renderFlipbook();
    expect(shownPages()).toEqual(['Page 1']);
    expect(indicator().textContent).toContain('Page 1 of 5');
    expect(screen.getByRole('figure', { name: 'Page 1' }).getAttribute('data-side')).toBe('right');

    await user.click(screen.getByRole('button', { name: 'Next spread' }));
    expect(shownPages()).toEqual(['Page 2', 'Page 3']);
    expect(indicator().textContent).toContain('Pages 2–3 of 5');
    expect(screen.getByRole('img', { name: 'Page 2' }).getAttribute('src')).toBe(fivePages[1]?.viewerUrl);
  });

  it('turns the spreads with the arrow, Page and Home/End keys and tells the parent', () => {
    const { onPageChange } = renderFlipbook({ initialPage: 2 });
    region().focus();
    fireEvent.keyDown(region(), { key: 'ArrowRight' });
    expect(onPageChange).toHaveBeenLastCalledWith(4);
    expect(shownPages()).toEqual(['Page 4', 'Page 5']);
    fireEvent.keyDown(region(), { key: 'ArrowRight' });
    expect(onPageChange).toHaveBeenCalledTimes(1); // nothing past the last spread
    fireEvent.keyDown(region(), { key: 'ArrowLeft' });
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    fireEvent.keyDown(region(), { key: 'PageUp' });
    expect(onPageChange).toHaveBeenLastCalledWith(1);
    fireEvent.keyDown(region(), { key: 'End' });
    expect(onPageChange).toHaveBeenLastCalledWith(4);
    fireEvent.keyDown(region(), { key: 'Home' });
    expect(onPageChange).toHaveBeenLastCalledWith(1);
    fireEvent.keyDown(region(), { key: 'PageDown' });
    expect(onPageChange).toHaveBeenLastCalledWith(2);
  });

  it('leaves the keys alone while someone types, in the viewer or elsewhere on the page', async () => {
    const user = userEvent.setup();
    const { onPageChange } = renderFlipbook({ initialPage: 2 });
    const jump = screen.getByRole('textbox', { name: 'Go to page' });
    jump.focus();
    fireEvent.keyDown(jump, { key: 'ArrowRight' });
    const outside = document.createElement('textarea');
    document.body.append(outside);
    outside.focus();
    fireEvent.keyDown(outside, { key: 'ArrowRight' });
    expect(onPageChange).not.toHaveBeenCalled();
    outside.remove();

    // A page number and Enter opens that page.
    await user.clear(jump);
    await user.type(jump, '5{Enter}');
    expect(onPageChange).toHaveBeenLastCalledWith(5);
    expect(indicator().textContent).toContain('Pages 4–5 of 5');
  });

  it('shows one page at a time in single view, and the layout toggle tells the parent', async () => {
    const user = userEvent.setup();
    const { onViewChange, onPageChange } = renderFlipbook({ initialPage: 3 });
    await user.click(screen.getByRole('radio', { name: 'Single pages' }));
    expect(onViewChange).toHaveBeenCalledWith('single');
    expect(shownPages()).toEqual(['Page 3']);
    expect(screen.getByRole('figure', { name: 'Page 3' }).getAttribute('data-side')).toBe('single');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(4);
  });

  it('opens a page from the thumbnail strip and highlights the open spread there', async () => {
    const user = userEvent.setup();
    const { onPageChange } = renderFlipbook();
    const strip = thumbnails();
    expect(within(strip).getAllByRole('button')).toHaveLength(5);
    // Thumbnail images load only as they scroll near the strip's view (a 400-page book stays light).
    const images = strip.querySelectorAll('img');
    expect([...images].map((image) => image.getAttribute('loading'))).toEqual(Array(5).fill('lazy'));
    expect(images[0]?.getAttribute('src')).toBe(fivePages[0]?.thumbUrl);
    await user.click(within(strip).getByRole('button', { name: 'Page 5' }));
    expect(onPageChange).toHaveBeenCalledWith(5);
    expect(shownPages()).toEqual(['Page 4', 'Page 5']);
    expect(within(strip).getByRole('button', { name: 'Page 4' }).getAttribute('aria-current')).toBe('true');
    expect(within(strip).getByRole('button', { name: 'Page 5' }).getAttribute('aria-current')).toBe('true');
    expect(within(strip).getByRole('button', { name: 'Page 1' }).hasAttribute('aria-current')).toBe(false);
    // One tab stop in the strip, on the page open; the arrows move it without turning the pages.
    const five = within(strip).getByRole('button', { name: 'Page 5' });
    expect(five.getAttribute('tabindex')).toBe('0');
    five.focus();
    fireEvent.keyDown(five, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(within(strip).getByRole('button', { name: 'Page 4' }));
    expect(onPageChange).toHaveBeenCalledTimes(1);
  });

  it('outlines a finding at its place on the page, named by its severity and message', () => {
    renderFlipbook({ initialPage: 2, findings: [lowResolution, missingFont] });
    const page2 = screen.getByRole('figure', { name: 'Page 2' });
    const marker = within(page2).getByRole('button', {
      name: 'Error: An image prints at 96 ppi; 150 ppi is the least for print',
    });
    expect(marker.getAttribute('data-severity')).toBe('error');
    expect(marker.style.left).toBe('10%');
    expect(marker.style.top).toBe('10%');
    expect(marker.style.width).toBe('50%');
    expect(marker.style.height).toBe('50%');
    // A finding with no place is listed for its page under the spread.
    const banner = screen.getByRole('note', { name: 'Findings on page 3' });
    expect(banner.textContent).toContain('Warning: The font Futura is not embedded');
    // Pages with errors are marked in the strip.
    expect(within(thumbnails()).getByRole('button', { name: 'Page 2, has errors' })).toBeTruthy();
  });

  it('marks the pages changed since the previous round on the page and in the strip', () => {
    renderFlipbook({ initialPage: 2, changedPages: new Set([3]) });
    expect(
      within(screen.getByRole('figure', { name: 'Page 3' })).getByRole('img', {
        name: 'Changed since the previous round',
      }),
    ).toBeTruthy();
    expect(within(screen.getByRole('figure', { name: 'Page 2' })).queryByRole('img', { name: /^Changed/ })).toBeNull();
    expect(within(thumbnails()).getByRole('button', { name: 'Page 3, changed since the previous round' })).toBeTruthy();
  });

  it('draws the comment pins and tells which one was clicked; the selected one stands out', async () => {
    const user = userEvent.setup();
    const onPinSelect = vi.fn<(commentId: number) => void>();
    renderFlipbook({ initialPage: 3, pins: pinsOnPage3, onPinSelect, selectedCommentId: 102 });
    const first = screen.getByRole('button', { name: 'Comment 1' });
    expect(first.style.left).toBe('25%');
    expect(first.style.top).toBe('75%');
    expect(first.hasAttribute('aria-current')).toBe(false);
    expect(screen.getByRole('button', { name: 'Comment 2' }).getAttribute('aria-current')).toBe('true');
    await user.click(first);
    expect(onPinSelect).toHaveBeenCalledWith(101);
  });

  it('places a pin where the page is clicked, in fractions of the page as laid out', async () => {
    const user = userEvent.setup();
    const onPlacePin = vi.fn<(pin: PagePin) => void>();
    renderFlipbook({ initialPage: 2, onPlacePin, pins: pinsOnPage3, findings: [lowResolution] });
    expect(screen.getByText('Click the page to place the pin (Esc to cancel)')).toBeTruthy();
    const page3 = screen.getByRole('figure', { name: 'Page 3' });
    expect(page3.hasAttribute('data-placing')).toBe(true);
    // Zoomed and scrolled: the page's box on screen is wherever the browser has it now.
    vi.spyOn(page3, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: -200, y: 40, width: 800, height: 1000 }),
    );
    fireEvent.click(page3, { clientX: 0, clientY: 790 });
    expect(onPlacePin).toHaveBeenLastCalledWith({ page: 3, x: 0.25, y: 0.75 });

    // A click on a pin selects it and places nothing.
    await user.click(screen.getByRole('button', { name: 'Comment 1' }));
    expect(onPlacePin).toHaveBeenCalledTimes(1);

    // From the keyboard: the middle of a page.
    await user.click(screen.getByRole('button', { name: 'Pin the middle of page 2' }));
    expect(onPlacePin).toHaveBeenLastCalledWith({ page: 2, x: 0.5, y: 0.5 });
  });

  it('places nothing when the page is not in placing mode', () => {
    renderFlipbook({ initialPage: 2 });
    const page2 = screen.getByRole('figure', { name: 'Page 2' });
    expect(page2.hasAttribute('data-placing')).toBe(false);
    expect(screen.queryByText(/Click the page to place the pin/)).toBeNull();
    fireEvent.click(page2, { clientX: 10, clientY: 10 });
  });

  it('keeps the page box at the page proportions while loading, and says when a page has no image', () => {
    renderFlipbook({
      initialPage: 4,
      pages: [...fivePages.slice(0, 3), bookPage(4, { viewerUrl: null }), bookPage(5)],
    });
    expect(screen.getByRole('img', { name: 'Page 4: no image' }).textContent).toContain('No image of this page');
    const page5 = screen.getByRole('figure', { name: 'Page 5' });
    const width = Number.parseFloat(page5.style.width);
    const height = Number.parseFloat(page5.style.height);
    expect(width / height).toBeCloseTo(612 / 792);
    expect(within(page5).getByTestId('page-loading')).toBeTruthy();
    const image = within(page5).getByRole('img', { name: 'Page 5' });
    expect(image.getAttribute('loading')).toBe('lazy');
    fireEvent.load(image);
    expect(within(page5).queryByTestId('page-loading')).toBeNull();
    fireEvent.error(image);
    expect(within(page5).getByRole('img', { name: 'Page 5: no image' })).toBeTruthy();
  });

  it('zooms with the buttons, the keys and Ctrl + wheel, and fits the page again with 0', async () => {
    const user = userEvent.setup();
    renderFlipbook({ initialPage: 2 });
    const page2 = () => screen.getByRole('figure', { name: 'Page 2' });
    const widthAt = (percent: number) => (612 * percent * 96) / 72 / 100;
    const width = () => Number.parseFloat(page2().style.width);
    const fitted = page2().style.width;
    await user.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect((screen.getByRole('combobox', { name: 'Zoom' }) as HTMLInputElement).value).toBe('50%');
    expect(width()).toBeCloseTo(widthAt(50));
    fireEvent.keyDown(region(), { key: '+' });
    expect(width()).toBeCloseTo(widthAt(67));
    fireEvent.keyDown(region(), { key: '-' });
    expect(width()).toBeCloseTo(widthAt(50));
    fireEvent.wheel(screen.getByRole('figure', { name: 'Page 3' }), { deltaY: -100, ctrlKey: true });
    expect(width()).toBeCloseTo(widthAt(61));
    fireEvent.keyDown(region(), { key: '0' });
    expect(page2().style.width).toBe(fitted);
    expect((screen.getByRole('combobox', { name: 'Zoom' }) as HTMLInputElement).value).toBe('Fit page');
  });

  it('says so when the proof has no pages', () => {
    renderFlipbook({ pages: [] });
    expect(screen.getByText('This proof has no pages to show yet.')).toBeTruthy();
  });
});
