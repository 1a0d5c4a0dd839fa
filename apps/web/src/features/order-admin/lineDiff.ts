/** One line of a line diff: kept, added in the edited text, or removed from the loaded one. */
export interface DiffLine {
  kind: 'same' | 'added' | 'removed';
  text: string;
  /** The line's number in the loaded text (null for an added line). */
  before: number | null;
  /** The line's number in the edited text (null for a removed line). */
  after: number | null;
}

/** A run of unchanged lines left out of the review, between the changes' context. */
export interface SkippedLines {
  kind: 'skipped';
  count: number;
}

/**
 * The longest-common-subsequence table grows with the product of the two middles: past this many
 * cells (a ticket rewritten from top to bottom) the middle shows as removed then added, which is
 * still true and keeps the browser responsive.
 */
const MAX_TABLE_CELLS = 4_000_000;

const splitLines = (text: string): string[] => (text === '' ? [] : text.replace(/\r\n?/g, '\n').split('\n'));

/**
 * The line diff of the job ticket's review: the common start and end are matched first (an edit
 * touches a few lines of a long ticket), then the middle by longest common subsequence.
 */
export function lineDiff(loaded: string, edited: string): DiffLine[] {
  const a = splitLines(loaded);
  const b = splitLines(edited);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }

  const lines: DiffLine[] = [];
  const same = (i: number, j: number) => lines.push({ kind: 'same', text: a[i] ?? '', before: i + 1, after: j + 1 });
  const removed = (i: number) => lines.push({ kind: 'removed', text: a[i] ?? '', before: i + 1, after: null });
  const added = (j: number) => lines.push({ kind: 'added', text: b[j] ?? '', before: null, after: j + 1 });

  for (let i = 0; i < start; i++) same(i, i);

  const n = endA - start;
  const m = endB - start;
  if (n * m > MAX_TABLE_CELLS) {
    for (let i = start; i < endA; i++) removed(i);
    for (let j = start; j < endB; j++) added(j);
  } else {
    // table[i][j]: the longest common subsequence of a[start+i..endA) and b[start+j..endB).
    const width = m + 1;
    const table = new Uint32Array((n + 1) * width);
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        table[i * width + j] =
          a[start + i] === b[start + j]
            ? (table[(i + 1) * width + j + 1] ?? 0) + 1
            : Math.max(table[(i + 1) * width + j] ?? 0, table[i * width + j + 1] ?? 0);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (a[start + i] === b[start + j]) {
        same(start + i, start + j);
        i++;
        j++;
      } else if ((table[(i + 1) * width + j] ?? 0) >= (table[i * width + j + 1] ?? 0)) {
        removed(start + i);
        i++;
      } else {
        added(start + j);
        j++;
      }
    }
    for (; i < n; i++) removed(start + i);
    for (; j < m; j++) added(start + j);
  }

  const shift = endB - endA;
  for (let i = endA; i < a.length; i++) same(i, i + shift);
  return lines;
}

/** Whether the diff changes anything. */
export const hasChanges = (lines: readonly DiffLine[]): boolean => lines.some((line) => line.kind !== 'same');

/**
 * The review's lines: every change with `context` unchanged lines either side; longer runs of
 * unchanged lines collapse into one "n unchanged lines" row.
 */
export function collapseUnchanged(lines: readonly DiffLine[], context = 3): (DiffLine | SkippedLines)[] {
  const near = new Array<boolean>(lines.length).fill(false);
  lines.forEach((line, index) => {
    if (line.kind === 'same') return;
    for (let k = Math.max(0, index - context); k <= Math.min(lines.length - 1, index + context); k++) near[k] = true;
  });
  const shown: (DiffLine | SkippedLines)[] = [];
  let skipped = 0;
  lines.forEach((line, index) => {
    if (line.kind !== 'same' || near[index]) {
      if (skipped > 0) shown.push({ kind: 'skipped', count: skipped });
      skipped = 0;
      shown.push(line);
    } else {
      skipped++;
    }
  });
  if (skipped > 0) shown.push({ kind: 'skipped', count: skipped });
  return shown;
}
