import { breakpoints } from '@colophon/domain';
import { createTheme, DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';

const em = (px: number) => `${px / 16}em`;

function shades(name: keyof typeof DEFAULT_THEME.colors): MantineColorsTuple {
  return DEFAULT_THEME.colors[name] as MantineColorsTuple;
}

/**
 * The Mantine theme: the theme colours of part 9 (primary, success, danger, warning, dark,
 * secondary; `dark` is Mantine's own) and the part-9 breakpoints.
 */
export const theme = createTheme({
  primaryColor: 'primary',
  colors: {
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
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});
