import { Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { IconPinned } from '@tabler/icons-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import classes from './Flipbook.module.css';
import { findingsByPage } from './overlays';
import { SpreadView } from './Spread';
import {
  clampPage,
  lastSpreadPage,
  nextPage,
  type PageSizePts,
  previousPage,
  spreadLabel,
  spreadOf,
  spreadSizePts,
} from './spreads';
import { ThumbnailStrip } from './ThumbnailStrip';
import { Toolbar } from './Toolbar';
import type { FlipbookPinMarker, FlipbookProps } from './types';
import { UnplacedFindings } from './UnplacedFindings';
import { useContentSize } from './useContentSize';
import { useFitToWindow } from './useFitToWindow';
import { useFlipbookKeys } from './useFlipbookKeys';
import { usePanZoom } from './usePanZoom';
import { percentOf, scaleFor, type Zoom, zoomInFrom, zoomOutFrom } from './zoom';

/** A page the manifest lacks is drawn as a US letter page (the most common yearbook trim). */
const LETTER_PTS: PageSizePts = { width: 612, height: 792 };
/** Until the stage has been measured (and in tests, where nothing is laid out). */
const UNMEASURED_ROOM = { width: 800, height: 600 };

/**
 * The proof's pages as a book: spreads (page 1 alone on the right) or single pages, zoom and pan,
 * the preflight's findings outlined on the pages, comments pinned to them, pages changed since the
 * previous round marked, and a strip of every page. The page open and the layout are the parent's
 * (kept in the URL); the zoom is the viewer's own.
 *
 * Placing a pin: while `onPlacePin` is set the pages take a click (or, from the keyboard, the hint's
 * "Pin the middle of page n" buttons) and report the point; the viewer never leaves that mode by
 * itself. Escape is the parent's to handle: it passes `onPlacePin` undefined to end the mode.
 */
export function Flipbook({
  pages,
  findings,
  pins,
  page,
  onPageChange,
  view,
  onViewChange,
  changedPages,
  onPlacePin,
  onPinSelect,
  selectedCommentId,
}: FlipbookProps) {
  const rootRef = useRef<HTMLElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const spreadRef = useRef<HTMLDivElement>(null);
  const { ref: measureRef, width: roomWidth, height: roomHeight } = useContentSize<HTMLDivElement>();
  const stageRefs = useMergedRef(stageRef, measureRef);
  const stageHeight = useFitToWindow(rootRef, stageRef);
  const keysHintId = useId();

  const byNumber = useMemo(() => new Map(pages.map((entry) => [entry.page, entry])), [pages]);
  const pageCount = useMemo(() => pages.reduce((last, entry) => Math.max(last, entry.page), 0), [pages]);
  const pageOf = useCallback((number: number) => byNumber.get(number), [byNumber]);
  const sizeOf = useCallback(
    (number: number): PageSizePts => {
      const entry = byNumber.get(number);
      return entry && entry.widthPts > 0 && entry.heightPts > 0
        ? { width: entry.widthPts, height: entry.heightPts }
        : LETTER_PTS;
    },
    [byNumber],
  );
  const byPage = useMemo(() => findingsByPage(findings), [findings]);
  const findingsOf = useCallback((number: number) => byPage.get(number), [byPage]);
  const errorPages = useMemo(
    () => new Set([...byPage].flatMap(([number, entry]) => (entry.hasErrors ? [number] : []))),
    [byPage],
  );
  const pinsByPage = useMemo(() => {
    const grouped = new Map<number, FlipbookPinMarker[]>();
    for (const marker of pins) grouped.set(marker.pin.page, [...(grouped.get(marker.pin.page) ?? []), marker]);
    return grouped;
  }, [pins]);

  const current = clampPage(page, pageCount);
  const spread = spreadOf(current, pageCount, view);
  const previous = previousPage(current, pageCount, view);
  const next = nextPage(current, pageCount, view);

  const [zoom, setZoom] = useState<Zoom>('fit-page');
  const room = roomWidth > 0 && roomHeight > 0 ? { width: roomWidth, height: roomHeight } : UNMEASURED_ROOM;
  const spreadPts = spreadSizePts(spread, sizeOf);
  const scale = scaleFor(zoom, room, spreadPts);
  const percent = percentOf(scale);
  const { zoomTo, panning, stageHandlers } = usePanZoom({ stageRef, spreadRef, scale, setZoom });
  const pannable = spreadPts.width * scale > room.width + 1 || spreadPts.height * scale > room.height + 1;

  const open = (target: number | null) => {
    if (target === null || spread.pages.includes(target)) return;
    onPageChange(clampPage(target, pageCount));
  };
  const actions = {
    previous: () => open(previous),
    next: () => open(next),
    first: () => open(1),
    last: () => open(lastSpreadPage(pageCount, view)),
    zoomIn: () => zoomTo(zoomInFrom(percent)),
    zoomOut: () => zoomTo(zoomOutFrom(percent)),
    fit: () => zoomTo('fit-page'),
  };
  useFlipbookKeys(rootRef, actions);

  // A new spread starts at its top (the horizontal position is kept: the same side stays in view).
  const firstOpen = spread.pages[0];
  useEffect(() => {
    if (stageRef.current && firstOpen !== undefined) stageRef.current.scrollTop = 0;
  }, [firstOpen]);

  // The images of the spreads either side, fetched ahead so a page turn shows them at once.
  const preload = [next, previous]
    .flatMap((target) => (target === null ? [] : spreadOf(target, pageCount, view).pages))
    .flatMap((number) => byNumber.get(number)?.viewerUrl ?? [])
    .join('\n');
  useEffect(() => {
    if (!preload) return;
    for (const url of preload.split('\n')) {
      const image = new Image();
      image.decoding = 'async';
      image.src = url;
    }
  }, [preload]);

  if (pageCount === 0) {
    return (
      <section aria-label="Proof pages" className={classes.root}>
        <Text c="dimmed" ta="center" py="xl">
          This proof has no pages to show yet.
        </Text>
      </section>
    );
  }

  return (
    <section
      ref={rootRef}
      aria-label="Proof pages"
      aria-describedby={keysHintId}
      // Focusable, so the page keys have a place to act from after a click on the pages.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the region owns the page-turning keys
      tabIndex={0}
      className={classes.root}
    >
      <VisuallyHidden id={keysHintId}>
        Left and right arrows or Page Up and Page Down turn the pages, Home and End open the first and last pages, plus
        and minus zoom, and 0 fits the page.
      </VisuallyHidden>
      <Toolbar
        view={view}
        onViewChange={onViewChange}
        label={spreadLabel(spread, pageCount)}
        currentPage={current}
        pageCount={pageCount}
        canGoBack={previous !== null}
        canGoForward={next !== null}
        onFirst={actions.first}
        onPrevious={actions.previous}
        onNext={actions.next}
        onLast={actions.last}
        onJump={open}
        zoom={zoom}
        percent={percent}
        onZoom={(value) => zoomTo(value)}
        onZoomIn={actions.zoomIn}
        onZoomOut={actions.zoomOut}
      />
      {onPlacePin && (
        <Group className={classes.hint} gap="xs" justify="space-between" role="status">
          <Group gap={6} wrap="nowrap">
            <IconPinned size={16} aria-hidden />
            <Text size="sm">Click the page to place the pin (Esc to cancel)</Text>
          </Group>
          <Group gap={4}>
            {spread.pages.map((number) => (
              <Button
                key={number}
                size="compact-xs"
                variant="subtle"
                onClick={() => onPlacePin({ page: number, x: 0.5, y: 0.5 })}
              >
                Pin the middle of page {number}
              </Button>
            ))}
          </Group>
        </Group>
      )}
      <div
        ref={stageRefs}
        className={classes.stage}
        style={stageHeight === null ? undefined : { height: stageHeight }}
        // The book reads left to right whatever the screen's direction: page 2 is always on the left.
        dir="ltr"
        data-pannable={(pannable && !onPlacePin) || undefined}
        data-panning={panning || undefined}
        {...stageHandlers}
      >
        <SpreadView
          ref={spreadRef}
          spread={spread}
          pageOf={pageOf}
          sizeOf={sizeOf}
          scale={scale}
          findingsOf={findingsOf}
          pinsByPage={pinsByPage}
          changedPages={changedPages}
          onPlacePin={onPlacePin}
          onPinSelect={onPinSelect}
          selectedCommentId={selectedCommentId}
        />
      </div>
      <UnplacedFindings pages={spread.pages} findingsOf={findingsOf} />
      <ThumbnailStrip
        pageCount={pageCount}
        view={view}
        spread={spread}
        currentPage={current}
        pageOf={pageOf}
        sizeOf={sizeOf}
        changedPages={changedPages}
        errorPages={errorPages}
        onSelect={open}
      />
    </section>
  );
}
