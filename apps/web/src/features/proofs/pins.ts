import type { NameFindingView } from '@colophon/contract';
import type { ProofComment } from './api';
import type { FlipbookPinMarker, PagePin } from './viewer/types';

/** The comment being written has no id yet: its marker takes this one (real ids start at 1). */
export const DRAFT_PIN_ID = 0;

/** The first words of a comment, for a marker's hover text. */
export function excerpt(body: string, words = 12): string {
  const parts = body.trim().split(/\s+/);
  return parts.length > words ? `${parts.slice(0, words).join(' ')}…` : parts.join(' ');
}

/** Each comment's number: its place in the list (1, 2, 3…), printed on its marker and beside it. */
export function commentNumbers(comments: readonly ProofComment[]): Map<number, number> {
  return new Map(comments.map((comment, index) => [comment.id, index + 1]));
}

/** The markers of the pinned comments, and of the pin of the comment being written. */
export function pinMarkers(comments: readonly ProofComment[], draft: PagePin | null): FlipbookPinMarker[] {
  const numbers = commentNumbers(comments);
  const markers: FlipbookPinMarker[] = comments.flatMap((comment) =>
    comment.pin
      ? [
          {
            commentId: comment.id,
            pin: comment.pin,
            label: String(numbers.get(comment.id)),
            title: `${comment.userName ?? 'Someone'}: ${excerpt(comment.body)}`,
          },
        ]
      : [],
  );
  if (draft) markers.push({ commentId: DRAFT_PIN_ID, pin: draft, label: 'New', title: 'The comment you are writing' });
  return markers;
}

/** The marker of the name finding being looked at (negative: no comment has that id). */
export const NAME_PIN_ID = -1;

/**
 * A name finding's pin: at the middle of the printed name's top edge. The finding's box is in points
 * from the page's top-left, a pin in fractions of the page; null when the page's size is unknown.
 */
export function namePinMarker(
  finding: NameFindingView,
  pages: readonly { page: number; widthPts: number; heightPts: number }[],
): FlipbookPinMarker | null {
  const page = pages.find((candidate) => candidate.page === finding.pageNumber);
  if (!page || page.widthPts <= 0 || page.heightPts <= 0) return null;
  const clamp = (value: number) => Math.min(1, Math.max(0, value));
  return {
    commentId: NAME_PIN_ID,
    pin: {
      page: finding.pageNumber,
      x: clamp((finding.box.x + finding.box.width / 2) / page.widthPts),
      y: clamp(finding.box.y / page.heightPts),
    },
    label: '!',
    title: `‘${finding.found}’ → ${finding.intended}`,
    accessibleName: `Name on page ${finding.pageNumber}: ‘${finding.found}’, likely ${finding.intended}`,
  };
}
