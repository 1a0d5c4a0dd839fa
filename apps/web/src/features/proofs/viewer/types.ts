import type { proofFindingSchema, proofPinSchema, signedPageSchema } from '@colophon/contract';
import type { z } from 'zod';

/** One page of the book as the flipbook draws it: signed image URLs and the page size in points. */
export type FlipbookPage = z.infer<typeof signedPageSchema>;

/** A preflight finding; `box` is in points from the page's top-left ({ x, y, width, height }) or null. */
export type FlipbookFinding = z.infer<typeof proofFindingSchema>;

/** A point of a page in fractions of its width and height from the top-left. */
export type PagePin = z.infer<typeof proofPinSchema>;

/** A comment pinned to a page, as the flipbook marks it (numbered markers; the id links to the comment list). */
export interface FlipbookPinMarker {
  commentId: number;
  pin: PagePin;
  /** The number printed on the marker and beside the comment in the list. */
  label: string;
  /** Hover text: author and the first words of the comment. */
  title: string;
  /** What a screen reader says of the marker; a comment's is "Comment <label>". */
  accessibleName?: string;
}

export type FlipbookView = 'spread' | 'single';

export interface FlipbookProps {
  pages: FlipbookPage[];
  findings: FlipbookFinding[];
  pins: FlipbookPinMarker[];
  /** The page open (1-based); in spread view the spread holding it. Controlled (kept in the URL). */
  page: number;
  onPageChange: (page: number) => void;
  view: FlipbookView;
  onViewChange: (view: FlipbookView) => void;
  /** Pages that differ from the previous round: marked on the page and in the thumbnail strip. */
  changedPages?: ReadonlySet<number>;
  /** When set, a click on a page places a pin there (the page turns a crosshair cursor). */
  onPlacePin?: (pin: PagePin) => void;
  /** A marker clicked: the page scrolls its comment into view. */
  onPinSelect?: (commentId: number) => void;
  /** The comment selected in the list: its marker is highlighted. */
  selectedCommentId?: number | null;
}
