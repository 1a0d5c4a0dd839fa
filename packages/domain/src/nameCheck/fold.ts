/**
 * How a printed name and a roster name are compared: case and accents folded, and the marks that
 * printers drop or add (hyphens, apostrophes, spaces inside a name) ignored, so José = Jose,
 * Mary-Kate = Mary Kate = MaryKate and O'Brien = OBrien = O Brien.
 */

/** Letters that Unicode decomposition does not split into a base letter and a mark. */
const LIGATURES: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

const COMBINING_MARKS = /\p{M}+/gu;
const NOT_A_LETTER = /[^\p{L}]+/gu;

/** A name (or a part of one) as the comparison sees it: lower case, unaccented letters only. */
export function foldName(text: string): string {
  const lower = text.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase();
  let folded = '';
  for (const character of lower) folded += LIGATURES[character] ?? character;
  return folded.replace(NOT_A_LETTER, '');
}
