import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Request } from '@playwright/test';

/** A screen to check: what a person would call it, and where it is. */
export interface Screen {
  name: string;
  path: string;
}

/** The narrowest phone the product is laid out for (an iPhone 12 to 15 in portrait). */
export const PHONE_WIDTH = 390;
export const DESKTOP = { width: 1440, height: 900 } as const;

/** The theme is a local preference (apps/web/src/app/preferences.ts): these are its stored values. */
export const THEME_STORAGE_KEY = 'colophon.theme';
export type ColourScheme = 'light' | 'dark' | 'semi-dark';

/**
 * The admin screens a signed-in person can open: the links of the main navigation, which the app
 * builds from the domain's page catalogue, kept to the pages its router has built and the person
 * may open. A screen added to the catalogue and the router is therefore checked without a change
 * here. Starred shortcuts are skipped (they repeat pages of the groups, or point outside /admin).
 */
export async function navigationScreens(page: Page): Promise<Screen[]> {
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link').first()).toBeVisible();
  const links = await navigation
    .locator('ul:not([aria-labelledby="nav-starred"]) a[href^="/admin/"]')
    .evaluateAll((anchors) =>
      anchors.map((anchor) => ({ name: anchor.textContent?.trim() ?? '', path: anchor.getAttribute('href') ?? '' })),
    );
  const seen = new Set<string>();
  return links.filter((link) => {
    if (seen.has(link.path)) return false;
    seen.add(link.path);
    return true;
  });
}

/** The first link on the current screen to one record below `prefix` (`/admin/accounts/`), e.g. a demo account. */
export async function firstRecordPath(page: Page, prefix: string): Promise<string> {
  const link = page.locator(`main a[href^="${prefix}"]`).filter({ hasText: /\S/ }).first();
  await expect(link).toBeVisible({ timeout: 15_000 });
  const href = await link.getAttribute('href');
  if (!href) throw new Error(`No link to a record below ${prefix}`);
  return new URL(href, 'http://x').pathname;
}

/**
 * Waits until the screen has settled: the route's loading overlay, every "Loading…" status and
 * every data table's spinner are gone and the network has been quiet, so axe and the width checks see the loaded screen.
 */
/**
 * The page's requests in flight, the live event stream aside: a signed-in tab holds
 * `GET /api/events` open for good (issue 15), so Chromium's `networkidle` never comes.
 */
const requestsInFlight = new WeakMap<Page, Set<Request>>();
function inFlight(page: Page): Set<Request> {
  let pending = requestsInFlight.get(page);
  if (!pending) {
    const tracked = new Set<Request>();
    page.on('request', (request) => {
      if (new URL(request.url()).pathname !== '/api/events') tracked.add(request);
    });
    page.on('requestfinished', (request) => tracked.delete(request));
    page.on('requestfailed', (request) => tracked.delete(request));
    requestsInFlight.set(page, tracked);
    pending = tracked;
  }
  return pending;
}

/** Waits until no request but the event stream has been in flight for 500 ms, as `networkidle` would. */
async function networkQuiet(page: Page): Promise<void> {
  const pending = inFlight(page);
  await page.waitForLoadState('load');
  let quietSince = Date.now();
  await expect
    .poll(
      () => {
        if (pending.size > 0) quietSince = Date.now();
        return Date.now() - quietSince >= 500;
      },
      { timeout: 30_000, intervals: [100] },
    )
    .toBe(true);
}

export async function settle(page: Page): Promise<void> {
  await networkQuiet(page);
  await expect(page.getByLabel('Loading page')).toHaveCount(0);
  await expect(page.locator('[role="status"]').filter({ hasText: /^Loading/ })).toHaveCount(0, { timeout: 15_000 });
  // A data table shows its own spinner while it fetches a page.
  await expect(page.locator('.mantine-datatable-loader-fetching')).toHaveCount(0, { timeout: 15_000 });
  // Mantine's transitions (tabs, overlays, drawers) run for up to 200 ms: wait until none is running.
  // Endless ones (a spinner on a queue that is working) never finish and are not transitions.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/** Axe's serious and critical findings on the page as it is, one line each. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // Only violations are wanted: skipping the detail of passes and incomplete checks halves the time.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  const lines: string[] = [];
  for (const violation of results.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    for (const node of violation.nodes) {
      lines.push(`${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${node.failureSummary ?? ''}`);
    }
  }
  return lines;
}

/** How far the page itself is wider than the window (0 when it fits; tables may scroll inside themselves). */
export async function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** The badges whose text is cut short ("INACTI…"): a badge's label is wider than the room it has. */
export async function truncatedBadges(page: Page): Promise<string[]> {
  return page
    .locator('.mantine-Badge-label')
    .evaluateAll((labels) =>
      labels
        .filter((label) => label.scrollWidth > label.clientWidth + 1)
        .map((label) => label.textContent?.trim() ?? ''),
    );
}

/** The tabs of the screen's first tab list (the record pages: Profile, Users, Projects…). */
export function screenTabs(page: Page) {
  return page.locator('main').getByRole('tablist').first().getByRole('tab');
}

/** Stores the colour scheme and reloads, so the app starts in it. */
export async function useColourScheme(page: Page, scheme: ColourScheme): Promise<void> {
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [THEME_STORAGE_KEY, scheme] as const);
  await page.reload();
}

/** Record pages, reached from their lists rather than the navigation. */
const RECORD_PAGE = /^\/admin\/(accounts|projects|proofs|orders)\/\d+$/;

/**
 * Links on the screen to an admin page that is neither a screen this person has (`screens`) nor a
 * record page: a link to a screen not built yet, or not theirs, which would only bounce to Profile.
 */
export async function linksNowhere(page: Page, screens: readonly Screen[]): Promise<string[]> {
  const known = new Set(screens.map((screen) => screen.path));
  const hrefs = await page
    .locator('main a[href^="/admin"]')
    .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
  return hrefs.filter((href) => {
    const path = new URL(href, 'http://x').pathname;
    return !known.has(path) && !RECORD_PAGE.test(path);
  });
}

/** Wording that tells a person nothing ("not available yet"): a tab says what will be there, and when. */
export async function placeholderWording(page: Page): Promise<string[]> {
  return page
    .locator('main')
    .getByText(/not available yet|coming soon|\bTODO\b/i)
    .allTextContents();
}
