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
