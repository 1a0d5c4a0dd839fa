import { defineEnumeration } from './enumeration';

/** The client version (part 9). Every response carries the dashboard version. */
export const DASHBOARD_VERSION = '1.147.0';

/**
 * Part 7: if a response's dashboard version differs from the client version, the page reloads.
 * A response without a version says nothing and forces nothing.
 */
export function shouldReloadForVersion(
  responseVersion: string | null | undefined,
  clientVersion: string = DASHBOARD_VERSION,
): boolean {
  return Boolean(responseVersion) && responseVersion !== clientVersion;
}

/** Breakpoints in pixels (part 9): xs below 576, sm 576, md 768, lg 992, xl 1200. */
export const breakpoints = { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200 } as const;
export type Breakpoint = keyof typeof breakpoints;

/** The breakpoint a viewport width falls in. */
export function breakpointOf(width: number): Breakpoint {
  if (width >= breakpoints.xl) return 'xl';
  if (width >= breakpoints.lg) return 'lg';
  if (width >= breakpoints.md) return 'md';
  if (width >= breakpoints.sm) return 'sm';
  return 'xs';
}

/** Upcoming submissions default limit (parts 7 and 9). */
export const UPCOMING_SUBMISSIONS_DEFAULT_LIMIT = 50;

/** Starred (bookmarked) pages shown: at most 10 (part 9). */
export const STARRED_PAGES_MAX = 10;
export const defaultBookmarks = [
  { title: 'Home', path: '/' },
  { title: 'Page 2', path: '/page2' },
] as const;

/** Themes (part 9): default (light), dark and semi-dark; the default layout is vertical. */
export const theme = defineEnumeration([
  { code: 'light', label: 'Default' },
  { code: 'dark', label: 'Dark' },
  { code: 'semi-dark', label: 'Semi Dark' },
] as const);
export type ThemeCode = (typeof theme.codes)[number];
export const DEFAULT_THEME = 'light' satisfies ThemeCode;
export const DEFAULT_LAYOUT = 'vertical';
export const themeColors = ['primary', 'success', 'danger', 'warning', 'dark', 'secondary'] as const;
export type ThemeColor = (typeof themeColors)[number];

/** Text direction follows the right-to-left setting (part 9). */
export function textDirection(rightToLeft: boolean): 'rtl' | 'ltr' {
  return rightToLeft ? 'rtl' : 'ltr';
}

/** A page chunk that has not loaded within this time counts as failed, and the page reloads. */
export const PAGE_CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** Slider defaults (part 9). */
export const sliderDefaults = { min: 0, max: 100, step: 1 } as const;

/** Pages reachable without signing in (part 9). */
export const publicPages = ['/login', '/new-password', '/expedited-shipping', '/mobile-yearbooks', '/mfa'] as const;
export type PublicPagePath = (typeof publicPages)[number];

/** Whether a path is a public page or below one ('/new-password/abc'). */
export function isPublicPath(path: string): boolean {
  return publicPages.some((page) => path === page || path.startsWith(`${page}/`));
}

/** The resources a super administrator looks up directly (part 3). */
export const superAdminResources = ['Account', 'Project', 'Proof', 'Order', 'User'] as const;
export type SuperAdminResource = (typeof superAdminResources)[number];
