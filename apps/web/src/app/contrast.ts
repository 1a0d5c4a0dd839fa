/**
 * WCAG 2 contrast arithmetic for the theme: the ratio of two colours, and a colour darkened just
 * enough to reach a ratio against given backgrounds. The theme derives its palettes with it, so a
 * colour used as text, as a filled button or as a light badge reads at AA (4.5:1) by construction.
 */

/** WCAG AA for body text. */
export const AA_TEXT = 4.5;

interface Rgb {
  r: number;
  g: number;
  b: number;
}

function parseHex(hex: string): Rgb {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) throw new Error(`Not a #rgb or #rrggbb colour: ${hex}`);
  const digits = match[1].length === 3 ? [...match[1]].map((digit) => digit + digit).join('') : match[1];
  const value = Number.parseInt(digits, 16);
  return { r: (value >> 16) & 255, g: (value >> 8) & 255, b: value & 255 };
}

function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

function relativeLuminance(hex: string): number {
  const { r, g, b } = parseHex(hex);
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The contrast ratio of two opaque colours, 1 to 21. */
export function contrastRatio(foreground: string, background: string): number {
  const [light, dark] = [relativeLuminance(foreground), relativeLuminance(background)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** `colour` mixed with `toward` (black or white) in 1 % steps until it holds `ratio` against every background. */
function mixedFor(colour: string, toward: Rgb, backgrounds: readonly string[], ratio: number): string {
  const base = parseHex(colour);
  for (let percent = 0; percent <= 100; percent += 1) {
    const part = percent / 100;
    const mix = (from: number, to: number) => from + (to - from) * part;
    const candidate = toHex({ r: mix(base.r, toward.r), g: mix(base.g, toward.g), b: mix(base.b, toward.b) });
    if (backgrounds.every((background) => contrastRatio(candidate, background) >= ratio)) return candidate;
  }
  return toHex(toward);
}

/**
 * `colour` darkened just enough to hold `ratio` against every (light) background (the colour
 * itself when it already does): the same hue, only as much darker as reading needs.
 */
export function darkenedFor(colour: string, backgrounds: readonly string[], ratio = AA_TEXT): string {
  return mixedFor(colour, { r: 0, g: 0, b: 0 }, backgrounds, ratio);
}

/** `colour` lightened just enough to hold `ratio` against every (dark) background. */
export function lightenedFor(colour: string, backgrounds: readonly string[], ratio = AA_TEXT): string {
  return mixedFor(colour, { r: 255, g: 255, b: 255 }, backgrounds, ratio);
}
