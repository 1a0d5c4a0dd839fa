import { Tooltip } from '@mantine/core';
import classes from './Flipbook.module.css';
import type { FlipbookPinMarker } from './types';

/** The numbered markers of the comments pinned to this page; the selected comment's stands out. */
export function PinOverlay({
  pins,
  selectedCommentId,
  onPinSelect,
}: {
  pins: readonly FlipbookPinMarker[];
  selectedCommentId: number | null | undefined;
  onPinSelect: ((commentId: number) => void) | undefined;
}) {
  return pins.map((marker) => {
    const selected = marker.commentId === selectedCommentId;
    return (
      <Tooltip key={marker.commentId} label={marker.title} multiline maw={280} withArrow>
        <button
          type="button"
          className={classes.pin}
          data-selected={selected || undefined}
          aria-label={marker.accessibleName ?? `Comment ${marker.label}`}
          aria-current={selected ? 'true' : undefined}
          style={{ left: `${marker.pin.x * 100}%`, top: `${marker.pin.y * 100}%` }}
          onClick={(event) => {
            event.stopPropagation();
            onPinSelect?.(marker.commentId);
          }}
        >
          {marker.label}
        </button>
      </Tooltip>
    );
  });
}
