import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrastRatio, darkenedFor } from './contrast';
import { theme } from './theme';

const WHITE = '#ffffff';
const dark = DEFAULT_THEME.colors.dark;
const colours = Object.entries(theme.colors ?? {}).flatMap(([name, palette]) =>
  name === 'dark' || !palette ? [] : [[name, palette] as const],
);

describe('contrast arithmetic', () => {
  it('gives WCAG ratios: black on white 21, a colour on itself 1', () => {
    expect(contrastRatio('#000000', WHITE)).toBeCloseTo(21, 5);
    expect(contrastRatio('#228be6', '#228be6')).toBe(1);
  });

  it('darkens only as much as needed, and not at all when the colour already reads', () => {
    expect(darkenedFor('#000000', [WHITE])).toBe('#000000');
    const blue = darkenedFor('#228be6', [WHITE]);
    expect(contrastRatio(blue, WHITE)).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(blue, WHITE)).toBeLessThan(AA_TEXT + 0.3);
  });
});

describe('theme colours read at AA (4.5:1)', () => {
  it.each(colours)('%s: text, links and filled buttons in the light scheme', (_name, palette) => {
    for (const surface of [WHITE, DEFAULT_THEME.colors.gray[0]]) {
      expect(contrastRatio(palette[6] ?? '', surface)).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });

  it.each(colours)('%s: light badges and alerts in the light scheme', (_name, palette) => {
    expect(contrastRatio(palette[9] ?? '', palette[1] ?? '')).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it.each(colours)('%s: text on the dark scheme’s surfaces, white on its filled buttons', (_name, palette) => {
    for (const surface of [dark[7], dark[6]]) {
      expect(contrastRatio(palette[4] ?? '', surface)).toBeGreaterThanOrEqual(AA_TEXT);
    }
    expect(contrastRatio(WHITE, palette[8] ?? '')).toBeGreaterThanOrEqual(AA_TEXT);
  });

  it('dark scheme secondary text (dark 1) on the dark surfaces', () => {
    for (const surface of [dark[7], dark[6], dark[5]]) {
      expect(contrastRatio(dark[1], surface)).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });
});
