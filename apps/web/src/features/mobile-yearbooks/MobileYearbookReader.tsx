import type { MobileYearbook } from '@colophon/contract';
import { ActionIcon, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { type JSX, useCallback, useEffect, useState } from 'react';
import classes from './MobileYearbook.module.css';
import { MAX_ZOOM, MIN_ZOOM, usePinchZoom } from './usePinchZoom';

interface Props {
  book: MobileYearbook;
  /** Back to the code form (another code, or the session ended). */
  onClose: () => void;
}

/**
 * The phone's flipbook: one page at a time across the screen's width, turned with the buttons, a
 * swipe or the arrow keys, zoomed by pinching (or the + and − buttons, or a double tap). The page's
 * neighbours are loaded ahead so a turn shows at once.
 */
export function MobileYearbookReader({ book, onClose }: Props): JSX.Element {
  const [index, setIndex] = useState(0);
  const pageCount = book.pages.length;
  const turn = useCallback(
    (direction: 'next' | 'previous') =>
      setIndex((current) => Math.min(pageCount - 1, Math.max(0, current + (direction === 'next' ? 1 : -1)))),
    [pageCount],
  );
  const { transform, zoomBy, reset, handlers } = usePinchZoom({ onSwipe: turn });

  // A new page starts unzoomed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page's index is the trigger
  useEffect(() => reset(), [index, reset]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
      if (event.key === 'ArrowRight') turn('next');
      else if (event.key === 'ArrowLeft') turn('previous');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [turn]);

  const page = book.pages[index];
  const ahead = [book.pages[index - 1], book.pages[index + 1]].filter((near) => near?.viewerUrl);

  return (
    <Stack gap="sm" className={classes.reader}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={0}>
          <Title order={1} size="h3">
            {book.title}
          </Title>
          <Text size="sm" c="dimmed">
            {book.schoolName} · {book.schoolYear}
          </Text>
        </Stack>
        <Button variant="subtle" size="compact-sm" onClick={onClose}>
          Close
        </Button>
      </Group>

      <section aria-label="Yearbook pages" className={classes.stage}>
        {page ? (
          <figure
            aria-label={`Page ${page.page}`}
            className={classes.frame}
            style={{ aspectRatio: `${page.widthPts} / ${page.heightPts}` }}
            {...handlers}
          >
            {page.viewerUrl ? (
              <img
                src={page.viewerUrl}
                alt={`Page ${page.page}`}
                className={classes.page}
                draggable={false}
                style={{ transform: `translate(${transform.x}px, ${transform.y}px) scale(${transform.scale})` }}
              />
            ) : (
              <Text role="img" aria-label={`Page ${page.page}: no image`} c="dimmed" ta="center" p="xl">
                This page could not be drawn.
              </Text>
            )}
          </figure>
        ) : null}
        {ahead.map((near) => (
          <link key={near?.page} rel="prefetch" as="image" href={near?.viewerUrl ?? ''} />
        ))}
      </section>

      <Group justify="space-between" wrap="nowrap">
        <Button variant="default" onClick={() => turn('previous')} disabled={index === 0} aria-label="Previous page">
          ‹ Previous
        </Button>
        <Text size="sm" aria-live="polite">
          Page {page?.page ?? 0} of {pageCount}
        </Text>
        <Button variant="default" onClick={() => turn('next')} disabled={index >= pageCount - 1} aria-label="Next page">
          Next ›
        </Button>
      </Group>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Zoom out"
            disabled={transform.scale <= MIN_ZOOM}
            onClick={() => zoomBy(1 / 1.5)}
          >
            −
          </ActionIcon>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label="Zoom in"
            disabled={transform.scale >= MAX_ZOOM}
            onClick={() => zoomBy(1.5)}
          >
            +
          </ActionIcon>
          <Text size="xs" c="dimmed">
            {Math.round(transform.scale * 100)}%
          </Text>
        </Group>
        {book.epub ? (
          <Anchor href={book.epub.url} download={book.epub.fileName} size="sm">
            Download the EPUB
          </Anchor>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        Swipe to turn the page, pinch or double-tap to zoom.
      </Text>
    </Stack>
  );
}
