/**
 * Near misses: the Damerau–Levenshtein distance (optimal string alignment: insertions, deletions,
 * substitutions and swaps of two neighbouring letters) and an index that finds every roster name
 * within the allowed distance of a printed word without comparing the word with each name
 * (symmetric delete: two words within distance d share a form with at most d letters deleted).
 */

/**
 * How many edits a name of this many letters may be away from the roster and still be taken for it.
 * Short names get none: with three letters or fewer, one edit makes another ordinary name.
 */
export function allowedEdits(length: number): number {
  if (length <= 3) return 0;
  if (length <= 6) return 1;
  return 2;
}

/** The most edits any roster name allows, so a word is never looked up with more deletions. */
export const MAX_EDITS = 2;

/**
 * The optimal-string-alignment distance between two words, or `limit + 1` as soon as it is known to
 * exceed `limit` (the caller only cares whether it is within).
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const columns = b.length + 1;
  let beforePrevious = new Array<number>(columns).fill(0);
  let previous = Array.from({ length: columns }, (_, index) => index);
  let current = new Array<number>(columns).fill(0);
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let rowBest = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (
        i > 1 &&
        j > 1 &&
        a.charCodeAt(i - 1) === b.charCodeAt(j - 2) &&
        a.charCodeAt(i - 2) === b.charCodeAt(j - 1)
      ) {
        value = Math.min(value, (beforePrevious[j - 2] ?? 0) + 1);
      }
      current[j] = value;
      if (value < rowBest) rowBest = value;
    }
    if (rowBest > limit) return limit + 1;
    [beforePrevious, previous, current] = [previous, current, beforePrevious];
  }
  return previous[b.length] ?? limit + 1;
}

/** Every form of `word` with up to `deletions` letters deleted (the word itself included). */
export function deletionForms(word: string, deletions: number): Set<string> {
  const forms = new Set<string>([word]);
  let frontier = [word];
  for (let round = 0; round < deletions; round += 1) {
    const next: string[] = [];
    for (const form of frontier) {
      for (let index = 0; index < form.length; index += 1) {
        const shorter = form.slice(0, index) + form.slice(index + 1);
        if (!forms.has(shorter)) {
          forms.add(shorter);
          next.push(shorter);
        }
      }
    }
    frontier = next;
  }
  return forms;
}

/** A near-miss index over a set of folded names. */
export class NearMissIndex {
  private readonly byForm = new Map<string, string[]>();
  private readonly cache = new Map<string, readonly { name: string; distance: number }[]>();

  constructor(names: Iterable<string>) {
    for (const name of new Set(names)) {
      const edits = allowedEdits(name.length);
      if (edits === 0) continue;
      for (const form of deletionForms(name, edits)) {
        const bucket = this.byForm.get(form);
        if (bucket) bucket.push(name);
        else this.byForm.set(form, [name]);
      }
    }
  }

  /**
   * The indexed names within their allowed distance of `word` (never `word` itself), closest first.
   * Words of three letters or fewer are never near misses.
   */
  near(word: string): readonly { name: string; distance: number }[] {
    const cached = this.cache.get(word);
    if (cached) return cached;
    const found: { name: string; distance: number }[] = [];
    if (word.length > 3) {
      const seen = new Set<string>();
      for (const form of deletionForms(word, MAX_EDITS)) {
        for (const name of this.byForm.get(form) ?? []) {
          if (name === word || seen.has(name)) continue;
          seen.add(name);
          const limit = allowedEdits(name.length);
          const distance = editDistance(word, name, limit);
          if (distance <= limit) found.push({ name, distance });
        }
      }
      found.sort((left, right) => left.distance - right.distance || (left.name < right.name ? -1 : 1));
    }
    this.cache.set(word, found);
    return found;
  }
}
