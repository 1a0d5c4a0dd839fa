import type { Ref } from 'react';
import classes from './Flipbook.module.css';
import type { PageFindings } from './overlays';
import { type PageSide, PageView } from './PageView';
import type { PageSizePts, Spread } from './spreads';
import type { FlipbookPage, FlipbookPinMarker, PagePin } from './types';

const NO_PINS: readonly FlipbookPinMarker[] = [];

export interface SpreadViewProps {
  ref?: Ref<HTMLDivElement>;
  spread: Spread;
  pageOf: (page: number) => FlipbookPage | undefined;
  sizeOf: (page: number) => PageSizePts;
  scale: number;
  findingsOf: (page: number) => PageFindings | undefined;
  pinsByPage: ReadonlyMap<number, readonly FlipbookPinMarker[]>;
  changedPages: ReadonlySet<number> | undefined;
  onPlacePin: ((pin: PagePin) => void) | undefined;
  onPinSelect: ((commentId: number) => void) | undefined;
  selectedCommentId: number | null | undefined;
}

/**
 * The pages open: two facing pages, or one page alone on its side of the book with the other half
 * kept empty, or (single view) one page.
 */
export function SpreadView({ ref, spread, sizeOf, scale, ...rest }: SpreadViewProps) {
  const page = (number: number, side: PageSide) => {
    const size = sizeOf(number);
    return (
      <PageView
        key={number}
        number={number}
        page={rest.pageOf(number)}
        widthPts={size.width}
        heightPts={size.height}
        scale={scale}
        side={side}
        findings={rest.findingsOf(number)}
        pins={rest.pinsByPage.get(number) ?? NO_PINS}
        changed={rest.changedPages?.has(number) ?? false}
        onPlacePin={rest.onPlacePin}
        onPinSelect={rest.onPinSelect}
        selectedCommentId={rest.selectedCommentId}
      />
    );
  };
  const empty = (beside: number) => (
    <div className={classes.slot} style={{ width: sizeOf(beside).width * scale }} aria-hidden />
  );
  const [only] = spread.pages;
  const single = spread.left === null && spread.right === null;
  return (
    <div ref={ref} className={classes.spread}>
      {single && only !== undefined && page(only, 'single')}
      {!single && (spread.left !== null ? page(spread.left, 'left') : spread.right !== null && empty(spread.right))}
      {!single && (spread.right !== null ? page(spread.right, 'right') : spread.left !== null && empty(spread.left))}
    </div>
  );
}
