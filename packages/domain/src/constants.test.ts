import { describe, expect, it } from 'vitest';
import { HOUSE_ACCOUNT_CODE } from './accounts';
import {
  breakpointOf,
  breakpoints,
  DASHBOARD_VERSION,
  DEFAULT_LAYOUT,
  DEFAULT_THEME,
  defaultBookmarks,
  isPublicPath,
  PAGE_CHUNK_LOAD_TIMEOUT_MS,
  publicPages,
  STARRED_PAGES_MAX,
  shouldReloadForVersion,
  sliderDefaults,
  textDirection,
  theme,
  themeColors,
  UPCOMING_SUBMISSIONS_DEFAULT_LIMIT,
} from './constants';
import { marketingFlags } from './marketing';
import { agreementYears, discountYears, schoolYears, years } from './years';

describe('business constants (part 9)', () => {
  it.each<{ name: string; actual: unknown; expected: unknown }>([
    { name: 'Client version 1.147.0', actual: DASHBOARD_VERSION, expected: '1.147.0' },
    {
      name: 'Breakpoints: xs below 576, sm 576, md 768, lg 992, xl 1200',
      actual: breakpoints,
      expected: { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200 },
    },
    { name: 'Upcoming submissions default limit 50', actual: UPCOMING_SUBMISSIONS_DEFAULT_LIMIT, expected: 50 },
    { name: 'Starred pages shown: 10', actual: STARRED_PAGES_MAX, expected: 10 },
    {
      name: 'default bookmarks Home and Page 2',
      actual: defaultBookmarks,
      expected: [
        { title: 'Home', path: '/' },
        { title: 'Page 2', path: '/page2' },
      ],
    },
    { name: 'Year lists 2016 to 2026', actual: [years[0], years.at(-1), years.length], expected: [2016, 2026, 11] },
    {
      name: 'School years 2015-2016 to 2025-2026',
      actual: [schoolYears[0], schoolYears.at(-1), schoolYears.length],
      expected: ['2015-2016', '2025-2026', 11],
    },
    {
      name: 'Agreement years only 2025-2026 and 2024-2025',
      actual: agreementYears,
      expected: ['2025-2026', '2024-2025'],
    },
    {
      name: 'Discount years 2019-2020 to 2025-2026',
      actual: [discountYears[0], discountYears.at(-1), discountYears.length],
      expected: ['2019-2020', '2025-2026', 7],
    },
    {
      name: 'Theme colours: primary, success, danger, warning, dark, secondary',
      actual: themeColors,
      expected: ['primary', 'success', 'danger', 'warning', 'dark', 'secondary'],
    },
    {
      name: 'Default theme light, vertical layout',
      actual: [DEFAULT_THEME, DEFAULT_LAYOUT],
      expected: ['light', 'vertical'],
    },
    { name: 'Themes: dark, semi-dark, default', actual: theme.codes, expected: ['light', 'dark', 'semi-dark'] },
    {
      name: 'Marketing flags: reopen off, summer campaign off, recalculate timeline on',
      actual: marketingFlags,
      expected: { reopen: false, summerCampaign: false, recalculateTimeline: true },
    },
    { name: 'Page-chunk load timeout 120 seconds', actual: PAGE_CHUNK_LOAD_TIMEOUT_MS, expected: 120_000 },
    {
      name: 'Slider defaults: min 0, max 100, step 1',
      actual: sliderDefaults,
      expected: { min: 0, max: 100, step: 1 },
    },
    {
      name: 'Public pages: login, new-password, expedited-shipping, mobile-yearbooks, mfa',
      actual: publicPages,
      expected: ['/login', '/new-password', '/expedited-shipping', '/mobile-yearbooks', '/mfa'],
    },
    { name: 'the house account S00001', actual: HOUSE_ACCOUNT_CODE, expected: 'S00001' },
  ])('$name', ({ actual, expected }) => {
    expect(actual).toEqual(expected);
  });

  it('lists consecutive years and school years', () => {
    expect(years).toEqual(years.map((_year, index) => 2016 + index));
    expect(schoolYears).toEqual(schoolYears.map((_year, index) => `${2015 + index}-${2016 + index}`));
  });
});

describe('breakpointOf (part 9: xs below 576, sm 576, md 768, lg 992, xl 1200)', () => {
  it.each([
    { width: 0, expected: 'xs' },
    { width: 575, expected: 'xs' },
    { width: 576, expected: 'sm' },
    { width: 767, expected: 'sm' },
    { width: 768, expected: 'md' },
    { width: 992, expected: 'lg' },
    { width: 1199, expected: 'lg' },
    { width: 1200, expected: 'xl' },
    { width: 2560, expected: 'xl' },
  ])('puts width $width in $expected', ({ width, expected }) => {
    expect(breakpointOf(width)).toBe(expected);
  });
});

describe('shouldReloadForVersion (part 7: if the dashboard version differs from the client version, the page reloads)', () => {
  it.each([
    { name: 'reloads when the response carries another version', version: '1.148.0', expected: true },
    { name: 'stays when the versions match', version: '1.147.0', expected: false },
    { name: 'stays when the response carries no version', version: null, expected: false },
    { name: 'stays when the version header is empty', version: '', expected: false },
  ])('$name', ({ version, expected }) => {
    expect(shouldReloadForVersion(version)).toBe(expected);
  });
});

describe('isPublicPath (part 9: public pages)', () => {
  it.each([
    { path: '/login', expected: true },
    { path: '/new-password/abc123', expected: true },
    { path: '/mfa', expected: true },
    { path: '/mobile-yearbooks', expected: true },
    { path: '/expedited-shipping', expected: true },
    { path: '/loginx', expected: false },
    { path: '/admin/profile', expected: false },
    { path: '/', expected: false },
  ])('$path is public: $expected', ({ path, expected }) => {
    expect(isPublicPath(path)).toBe(expected);
  });
});

describe('textDirection (part 9: text direction follows the right-to-left setting)', () => {
  it.each([
    { rtl: true, expected: 'rtl' },
    { rtl: false, expected: 'ltr' },
  ])('right-to-left $rtl gives $expected', ({ rtl, expected }) => {
    expect(textDirection(rtl)).toBe(expected);
  });
});
