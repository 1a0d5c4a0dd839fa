import { expect, type Page, test } from '@playwright/test';
import {
  type ColourScheme,
  DESKTOP,
  firstRecordPath,
  linksNowhere,
  navigationScreens,
  PHONE_WIDTH,
  pageOverflow,
  placeholderWording,
  type Screen,
  screenTabs,
  seriousAxeViolations,
  settle,
  truncatedBadges,
  useColourScheme,
} from '../support/screens';
import { DEMO_USERS, signIn } from '../support/session';

/**
 * Every screen, as each kind of person sees it: no serious or critical axe finding (contrast
 * included) at desktop width, no badge cut short, and at phone width the page is never wider than
 * the window (a table may scroll inside its own box). The screens come from the navigation (the
 * domain's page catalogue as the router has built it), plus one real demo record of each kind and
 * its tabs, plus the public pages.
 */
test.describe.configure({ timeout: 420_000 });

const PHONE = { width: PHONE_WIDTH, height: 844 } as const;

/** At phone width: whether the page is wider than the window. */
async function phoneProblems(page: Page, screen: string): Promise<string[]> {
  await page.setViewportSize(PHONE);
  await settle(page);
  const overflow = await pageOverflow(page);
  return overflow > 0 ? [`${screen}: at ${PHONE_WIDTH} px the page is ${overflow} px wider than the window`] : [];
}

/** The signed-in person's screens (from the navigation), to tell a link to a real page from one to nowhere. */
let ownScreens: Screen[] = [];

/** At desktop width: axe's serious and critical findings, badges cut short, links to no screen, empty wording. */
async function desktopProblems(page: Page, screen: string): Promise<string[]> {
  await page.setViewportSize(DESKTOP);
  await settle(page);
  const problems = (await seriousAxeViolations(page)).map((line) => `${screen}: ${line}`);
  for (const badge of await truncatedBadges(page)) problems.push(`${screen}: badge “${badge}” is cut short`);
  if (ownScreens.length > 0) {
    for (const href of await linksNowhere(page, ownScreens)) problems.push(`${screen}: link to ${href}, not a screen`);
  }
  for (const text of await placeholderWording(page)) problems.push(`${screen}: says “${text}”`);
  return problems;
}

/**
 * Opens a screen on a phone (as a phone would, so the first layout is the phone's), then widens the
 * window to a desktop's; with `withTabs`, each further tab of its first tab list the same way.
 */
async function checkScreen(page: Page, screen: Screen, withTabs: boolean): Promise<string[]> {
  await page.setViewportSize(PHONE);
  await page.goto(screen.path);
  await expect(page).toHaveURL((url) => url.pathname === screen.path);
  const problems = [...(await phoneProblems(page, screen.name)), ...(await desktopProblems(page, screen.name))];
  if (!withTabs) return problems;
  const tabs = screenTabs(page);
  const count = await tabs.count();
  for (let index = 1; index < count; index += 1) {
    const tab = tabs.nth(index);
    const name = `${screen.name} › ${(await tab.textContent())?.trim() ?? `tab ${index + 1}`}`;
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    problems.push(...(await desktopProblems(page, name)), ...(await phoneProblems(page, name)));
    await page.setViewportSize(DESKTOP);
  }
  return problems;
}

async function signInAs(page: Page, email: string): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await signIn(page, email);
  // The first sign-ins after start share the machine with the demo's proof processing.
  await expect(page).toHaveURL(/\/admin\/profile$/, { timeout: 15_000 });
  ownScreens = await navigationScreens(page);
}

/**
 * Screens an earlier test of this file checked, in this worker (a studio page looks the same to the
 * super administrator). Only saves time: a fresh worker after a failure starts empty and checks more.
 */
const checked = new Set<string>();

async function checkAll(page: Page, screens: Screen[], recordsFrom: Record<string, string> = {}): Promise<string[]> {
  const problems: string[] = [];
  for (const screen of screens) {
    if (checked.has(screen.path)) continue;
    checked.add(screen.path);
    problems.push(...(await checkScreen(page, screen, true)));
    const prefix = recordsFrom[screen.path];
    if (prefix) {
      await page.goto(screen.path);
      const path = await firstRecordPath(page, prefix);
      problems.push(...(await checkScreen(page, { name: `${screen.name} record`, path }, true)));
    }
  }
  return problems;
}

test('public pages: sign-in, new password, the MFA step', async ({ page }) => {
  ownScreens = [];
  await page.setViewportSize(DESKTOP);
  const problems: string[] = [];
  problems.push(...(await checkScreen(page, { name: 'Sign in', path: '/login' }, false)));
  problems.push(...(await checkScreen(page, { name: 'New password', path: '/new-password' }, false)));
  await signIn(page, DEMO_USERS.mfa);
  await expect(page).toHaveURL(/\/mfa/);
  problems.push(...(await desktopProblems(page, 'MFA step')), ...(await phoneProblems(page, 'MFA step')));
  expect(problems, problems.join('\n')).toEqual([]);
});

test('every screen of a studio owner, with a demo account, project and proof', async ({ page }) => {
  await signInAs(page, DEMO_USERS.owner);
  const screens = ownScreens;
  expect(screens.map((screen) => screen.path)).toEqual(
    expect.arrayContaining(['/admin/profile', '/admin/accounts', '/admin/projects', '/admin/proofs']),
  );
  const problems = await checkAll(page, screens, {
    '/admin/accounts': '/admin/accounts/',
    '/admin/projects': '/admin/projects/',
    '/admin/proofs': '/admin/proofs/',
    '/admin/orders': '/admin/orders/',
  });
  expect(problems, problems.join('\n')).toEqual([]);
});

test('every screen of a super administrator', async ({ page }) => {
  await signInAs(page, DEMO_USERS.superAdmin);
  const problems = await checkAll(page, ownScreens);
  expect(problems, problems.join('\n')).toEqual([]);
});

test('every screen of a school adviser, who sees no studio pages', async ({ page }) => {
  await signInAs(page, DEMO_USERS.adviser);
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByText('Studio', { exact: true })).toHaveCount(0);
  // The school's own pages look different from the studio's: check them all again.
  checked.clear();
  const problems = await checkAll(page, ownScreens);
  expect(problems, problems.join('\n')).toEqual([]);
});

for (const scheme of ['dark', 'semi-dark'] as const satisfies readonly ColourScheme[]) {
  test(`the main screens in the ${scheme} theme`, async ({ page }) => {
    await signInAs(page, DEMO_USERS.owner);
    await useColourScheme(page, scheme);
    const problems: string[] = [];
    for (const [name, path, prefix] of [
      ['Profile', '/admin/profile', null],
      ['Accounts', '/admin/accounts', '/admin/accounts/'],
      ['Proofs', '/admin/proofs', '/admin/proofs/'],
      ['Users', '/admin/users', null],
    ] as const) {
      await page.goto(path);
      await settle(page);
      problems.push(...(await seriousAxeViolations(page)).map((line) => `${scheme} ${name}: ${line}`));
      if (prefix) {
        await page.goto(await firstRecordPath(page, prefix));
        await settle(page);
        problems.push(...(await seriousAxeViolations(page)).map((line) => `${scheme} ${name} record: ${line}`));
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
}

test('at 1440 px the Proofs table fits without scrolling sideways, two lines a row', async ({ page }) => {
  await signInAs(page, DEMO_USERS.owner);
  await page.goto('/admin/proofs');
  const table = page.getByRole('table', { name: 'Proofs' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await settle(page);
  const layout = await table.evaluate((element) => {
    const box = element.closest('.mantine-ScrollArea-viewport') ?? element.parentElement;
    const lineHeight = (cell: Element) => Number.parseFloat(getComputedStyle(cell).lineHeight) || 20;
    const tallCells: string[] = [];
    for (const row of Array.from(element.querySelectorAll('tbody tr'))) {
      Array.from(row.children).forEach((cell, index) => {
        // The height of what the cell holds (not of the cell, which is as tall as its row).
        const range = document.createRange();
        range.selectNodeContents(cell);
        // The project cell holds two lines (project, then account and book type); every other one line.
        const lines = range.getBoundingClientRect().height / lineHeight(cell);
        if (lines > (index === 0 ? 2.5 : 1.5)) tallCells.push(`${cell.textContent} (${lines.toFixed(1)} lines)`);
      });
    }
    return { overflow: (box?.scrollWidth ?? 0) - (box?.clientWidth ?? 0), tallCells };
  });
  expect(layout.overflow, 'the table scrolls sideways').toBeLessThanOrEqual(0);
  expect(layout.tallCells).toEqual([]);
});
