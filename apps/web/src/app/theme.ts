import { breakpoints } from '@colophon/domain';
import {
  Anchor,
  Badge,
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
} from '@mantine/core';
import { AA_TEXT, darkenedFor, lightenedFor } from './contrast';

const em = (px: number) => `${px / 16}em`;

/** Light backgrounds text sits on: the page and cards (white), table stripes and hovered rows (gray 0). */
const LIGHT_SURFACES = [DEFAULT_THEME.white, DEFAULT_THEME.colors.gray[0]] as const;
/** Dark surfaces text sits on in the dark scheme: the body (dark 7) and cards and inputs (dark 6). */
const DARK_SURFACES = [DEFAULT_THEME.colors.dark[7], DEFAULT_THEME.colors.dark[6]] as const;
/** A hair above AA, so rounding in the browser or in axe never tips a colour under 4.5:1. */
const TEXT_RATIO = AA_TEXT + 0.1;

/**
 * A Mantine palette made readable on light surfaces. In the light scheme shade 6 is a colour's text,
 * link, outline and filled-button colour (white text on it), 7 and 8 its hover shades, and 9 the text
 * of its light badges and alerts on shade 1 or 2: these shades are darkened just enough to hold AA
 * against white, gray 0 and (shade 9) their own light backgrounds. Mantine's stock shades 6 fail it
 * (blue 3.5:1, gray 3.3:1, yellow 1.9:1). Shade 4 is a colour's text in the dark scheme: lightened
 * where needed (violet) to hold AA on the dark surfaces. The other shades are backgrounds and borders.
 */
function readable(palette: MantineColorsTuple): MantineColorsTuple {
  const shades = [...palette];
  shades[4] = lightenedFor(palette[4], DARK_SURFACES, TEXT_RATIO);
  for (const index of [6, 7, 8, 9] as const) {
    const backgrounds = index === 9 ? [...LIGHT_SURFACES, palette[1], palette[2]] : LIGHT_SURFACES;
    shades[index] = darkenedFor(palette[index], backgrounds, TEXT_RATIO);
  }
  return shades as unknown as MantineColorsTuple;
}

function shades(name: keyof typeof DEFAULT_THEME.colors): MantineColorsTuple {
  return readable(DEFAULT_THEME.colors[name] as MantineColorsTuple);
}

/** Every stock colour (components and screens use `green`, `gray`, `orange`… directly) but `dark`, the dark scheme's greys. */
const readableStockColours = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors)
    .filter(([name]) => name !== 'dark')
    .map(([name, palette]) => [name, readable(palette as MantineColorsTuple)]),
);

/**
 * Secondary text, errors and placeholders that read at AA: in the dark scheme one step lighter than
 * Mantine's (dark 2 on dark 6 is 3.9:1; red 8 on the dark body 3.8:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // A placeholder that stands in for a value (a select's "Choose…") is read like text: gray 6, not 5.
  light: { '--mantine-color-placeholder': 'var(--mantine-color-gray-6)' },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-1)',
  },
});

/**
 * The Mantine theme: the theme colours of part 9 (primary, success, danger, warning, dark,
 * secondary; `dark` is Mantine's own) and the part-9 breakpoints. Every colour is made readable
 * (WCAG AA) as text, filled button and light badge in the light scheme; see `readable`.
 */
export const theme = createTheme({
  primaryColor: 'primary',
  colors: {
    ...readableStockColours,
    primary: shades('blue'),
    success: shades('green'),
    danger: shades('red'),
    warning: shades('yellow'),
    secondary: shades('gray'),
  },
  breakpoints: {
    xs: em(breakpoints.xs),
    sm: em(breakpoints.sm),
    md: em(breakpoints.md),
    lg: em(breakpoints.lg),
    xl: em(breakpoints.xl),
  },
  components: {
    // A link is told from the text around it by its underline, not by colour alone (WCAG 1.4.1):
    // in the dark scheme a light blue link beside light grey text differs too little.
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // A badge shows its whole word ("Inactive", a send time): its cell or row makes room rather than
    // cutting it to "INACTI…".
    Badge: Badge.extend({ styles: { root: { minWidth: 'max-content' }, label: { overflow: 'visible' } } }),
    // Every clearable input's clear button has a name a screen reader can say.
    InputClearButton: { defaultProps: { 'aria-label': 'Clear' } },
  },
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});
