import { Badge } from '@mantine/core';
import { IconArrowsDiff } from '@tabler/icons-react';
import { memo } from 'react';
import { FindingOverlay } from './FindingOverlay';
import classes from './Flipbook.module.css';
import { type PageFindings, pinFromClick } from './overlays';
import { PageImage } from './PageImage';
import { PinOverlay } from './PinOverlay';
import type { FlipbookPage, FlipbookPinMarker, PagePin } from './types';

export type PageSide = 'left' | 'right' | 'single';

export interface PageViewProps {
  number: number;
  page: FlipbookPage | undefined;
  widthPts: number;
  heightPts: number;
  /** CSS pixels per point. */
  scale: number;
  side: PageSide;
  findings: PageFindings | undefined;
  pins: readonly FlipbookPinMarker[];
  changed: boolean;
  onPlacePin: ((pin: PagePin) => void) | undefined;
  onPinSelect: ((commentId: number) => void) | undefined;
  selectedCommentId: number | null | undefined;
}

/**
 * One page: a box of the page's printed proportions at the zoom's size, holding the image and, in
 * percentages of the box, the finding outlines, the comment pins and the "changed" marker.
 */
export const PageView = memo(function PageView({
  number,
  page,
  widthPts,
  heightPts,
  scale,
  side,
  findings,
  pins,
  changed,
  onPlacePin,
  onPinSelect,
  selectedCommentId,
}: PageViewProps) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users place a pin with the hint's "Pin the middle of page n" buttons
    <figure
      aria-label={`Page ${number}`}
      className={classes.page}
      data-page={number}
      data-side={side}
      data-placing={onPlacePin ? true : undefined}
      style={{ width: widthPts * scale, height: heightPts * scale }}
      onClick={
        onPlacePin
          ? (event) => {
              const pin = pinFromClick(
                number,
                event.currentTarget.getBoundingClientRect(),
                event.clientX,
                event.clientY,
              );
              if (pin) onPlacePin(pin);
            }
          : undefined
      }
    >
      <PageImage key={page?.viewerUrl ?? 'none'} number={number} page={page} />
      {findings && findings.placed.length > 0 && (
        <FindingOverlay placed={findings.placed} widthPts={widthPts} heightPts={heightPts} />
      )}
      <PinOverlay pins={pins} selectedCommentId={selectedCommentId} onPinSelect={onPinSelect} />
      {changed && (
        <Badge
          className={classes.changed}
          role="img"
          aria-label="Changed since the previous round"
          color="violet"
          variant="filled"
          size="sm"
          leftSection={<IconArrowsDiff size={12} aria-hidden />}
        >
          Changed
        </Badge>
      )}
    </figure>
  );
});
