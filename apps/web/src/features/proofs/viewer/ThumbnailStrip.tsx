import { IconAlertTriangle, IconArrowsDiff, IconPhotoOff } from '@tabler/icons-react';
import { type KeyboardEvent, memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import classes from './Flipbook.module.css';
import { type PageSizePts, type Spread, spreadsOf } from './spreads';
import type { FlipbookPage, FlipbookView } from './types';

const THUMB_HEIGHT_PX = 72;

/** "Page 7, changed since the previous round, has errors": the thumbnail's accessible name. */
export function thumbnailName(number: number, changed: boolean, hasErrors: boolean): string {
  return [`Page ${number}`, changed && 'changed since the previous round', hasErrors && 'has errors']
    .filter(Boolean)
    .join(', ');
}

/**
 * Every page of the book, small, grouped as the viewer shows them (by spread or by page), the open
 * spread highlighted and kept in view. Light for a long book: a thumbnail's image loads only when it
 * scrolls near the strip's view, and each thumbnail re-renders only when its own state changes.
 * One tab stop (roving focus): ←/→ move between thumbnails, Home/End to the ends, Enter opens.
 */
export function ThumbnailStrip({
  pageCount,
  view,
  spread,
  currentPage,
  pageOf,
  sizeOf,
  changedPages,
  errorPages,
  onSelect,
}: {
  pageCount: number;
  view: FlipbookView;
  spread: Spread;
  currentPage: number;
  pageOf: (page: number) => FlipbookPage | undefined;
  sizeOf: (page: number) => PageSizePts;
  changedPages: ReadonlySet<number> | undefined;
  errorPages: ReadonlySet<number>;
  onSelect: (page: number) => void;
}) {
  const stripRef = useRef<HTMLElement>(null);
  const groups = useMemo(() => spreadsOf(pageCount, view), [pageCount, view]);
  // The strip's tab stop follows the page open, and the arrow keys move it between thumbnails.
  const [focusPage, setFocusPage] = useState(currentPage);
  const [followed, setFollowed] = useState(currentPage);
  if (followed !== currentPage) {
    setFollowed(currentPage);
    setFocusPage(currentPage);
  }

  const latestSelect = useRef(onSelect);
  useEffect(() => {
    latestSelect.current = onSelect;
  });
  const select = useCallback((page: number) => latestSelect.current(page), []);

  const firstOpen = spread.pages[0];
  useEffect(() => {
    const strip = stripRef.current;
    const group = strip?.querySelector<HTMLElement>(`[data-first-page="${firstOpen}"]`);
    if (!strip || !group) return;
    const room = strip.getBoundingClientRect();
    const box = group.getBoundingClientRect();
    if (box.left >= room.left && box.right <= room.right) return;
    strip.scrollLeft += box.left - room.left - (room.width - box.width) / 2;
  }, [firstOpen]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const from = event.target instanceof HTMLElement ? Number(event.target.dataset.page) : Number.NaN;
    if (!Number.isInteger(from)) return;
    const moves: Record<string, number> = { ArrowLeft: from - 1, ArrowRight: from + 1, Home: 1, End: pageCount };
    const to = moves[event.key];
    if (to === undefined) return;
    // These keys stay in the strip: they would otherwise also turn the pages.
    event.preventDefault();
    event.stopPropagation();
    const target = Math.min(Math.max(to, 1), pageCount);
    setFocusPage(target);
    stripRef.current?.querySelector<HTMLElement>(`[data-page="${target}"]`)?.focus();
  };

  const open = new Set(spread.pages);
  return (
    <nav ref={stripRef} aria-label="Page thumbnails" className={classes.strip} dir="ltr" onKeyDown={onKeyDown}>
      {groups.map((group) => {
        const current = group.pages.some((page) => open.has(page));
        return (
          <div
            key={group.pages[0]}
            className={classes.thumbGroup}
            data-first-page={group.pages[0]}
            data-current={current || undefined}
          >
            {group.pages.map((number) => {
              const size = sizeOf(number);
              return (
                <Thumbnail
                  key={number}
                  number={number}
                  url={pageOf(number)?.thumbUrl ?? null}
                  widthPx={Math.round((THUMB_HEIGHT_PX * size.width) / size.height)}
                  current={current}
                  changed={changedPages?.has(number) ?? false}
                  hasErrors={errorPages.has(number)}
                  focusable={number === focusPage}
                  onSelect={select}
                />
              );
            })}
          </div>
        );
      })}
    </nav>
  );
}

const Thumbnail = memo(function Thumbnail({
  number,
  url,
  widthPx,
  current,
  changed,
  hasErrors,
  focusable,
  onSelect,
}: {
  number: number;
  url: string | null;
  widthPx: number;
  current: boolean;
  changed: boolean;
  hasErrors: boolean;
  focusable: boolean;
  onSelect: (page: number) => void;
}) {
  const name = thumbnailName(number, changed, hasErrors);
  return (
    <button
      type="button"
      className={classes.thumb}
      data-page={number}
      tabIndex={focusable ? 0 : -1}
      aria-label={name}
      aria-current={current ? 'true' : undefined}
      title={name}
      onClick={() => onSelect(number)}
    >
      {url ? (
        <img
          className={classes.thumbImage}
          src={url}
          alt=""
          loading="lazy"
          decoding="async"
          draggable={false}
          style={{ width: widthPx }}
        />
      ) : (
        <span className={classes.thumbMissing} style={{ width: widthPx }}>
          <IconPhotoOff size={16} aria-hidden />
        </span>
      )}
      <span className={classes.thumbNumber} aria-hidden>
        {number}
      </span>
      {(changed || hasErrors) && (
        <span className={classes.thumbMarks} aria-hidden>
          {changed && (
            <span className={classes.thumbMark} data-kind="changed">
              <IconArrowsDiff size={11} />
            </span>
          )}
          {hasErrors && (
            <span className={classes.thumbMark} data-kind="error">
              <IconAlertTriangle size={11} />
            </span>
          )}
        </span>
      )}
    </button>
  );
});
