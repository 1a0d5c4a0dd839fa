import { expect, type Page, type Response, test } from '@playwright/test';
import { firstRecordPath, navigationScreens, type Screen, settle } from '../support/screens';
import { DEMO_USERS, signIn } from '../support/session';

/**
 * Issue 9, item 4: every request a screen makes succeeds, for every demo role. Each role signs in,
 * opens every screen its navigation offers (the shared list of screens.ts), the first demo account,
 * project and proof it can reach, and each tab of those; every API answer of 400 or more is a
 * failure, since no screen here exists to show a refusal. A screen offering a link to something the
 * viewer may not open shows up the same way: opening it would be a 404.
 */
test.describe.configure({ timeout: 300_000 });

/** The roles of the README's list that sign in with a password alone (MFA and the forced change have their own specs). */
const roles = [
  ['super administrator', DEMO_USERS.superAdmin],
  ['studio owner', DEMO_USERS.owner],
  ['studio administrator', DEMO_USERS.studioAdmin],
  ['studio contact', DEMO_USERS.contact],
  ['sales rep', DEMO_USERS.salesRep],
  ['school administrator', DEMO_USERS.schoolAdmin],
  ['school adviser', DEMO_USERS.adviser],
  ['yearbook volunteer', DEMO_USERS.volunteer],
  ['yearbook sales manager', DEMO_USERS.salesManager],
  ['treasurer', DEMO_USERS.treasurer],
  ['adviser of a direct school', DEMO_USERS.direct],
] as const;

/** Where each kind of demo record is listed, and the prefix of its detail pages. */
const records: Record<string, string> = {
  '/admin/accounts': '/admin/accounts/',
  '/admin/projects': '/admin/projects/',
  '/admin/proofs': '/admin/proofs/',
};

/** Records each failed API answer against the screen that was open when it came. */
function watchFailures(page: Page): { failures: string[]; screen: { current: string } } {
  const failures: string[] = [];
  const screen = { current: 'sign-in' };
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/') || response.status() < 400) return;
    failures.push(
      `${screen.current}: ${response.request().method()} ${url.pathname}${url.search} → ${response.status()}`,
    );
  });
  return { failures, screen };
}

/** Opens a screen, lets it settle, then clicks each tab of its first tab list (each may ask for more). */
async function visit(page: Page, screen: Screen, current: { current: string }, withTabs: boolean): Promise<void> {
  current.current = screen.name;
  await page.goto(screen.path);
  await settle(page);
  if (!withTabs) return;
  const tabs = page.locator('main').getByRole('tablist').first().getByRole('tab');
  const count = await tabs.count();
  for (let index = 1; index < count; index += 1) {
    const tab = tabs.nth(index);
    current.current = `${screen.name} › ${(await tab.textContent())?.trim() ?? index}`;
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await settle(page);
  }
}

for (const [role, email] of roles) {
  test(`every screen of a ${role} asks only for what it may have`, async ({ page }) => {
    const { failures, screen } = watchFailures(page);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/admin\//);
    await settle(page);
    const screens = await navigationScreens(page);
    expect(screens.length).toBeGreaterThan(0);
    for (const entry of screens) {
      // My Account holds the same tabs as an account's page: open each of them too.
      await visit(page, entry, screen, entry.path === '/admin/my-account');
      if (entry.path === '/admin/my-account') {
        // Each account it links (the parent, the deciding account) must be one the viewer may open.
        await page.goto(entry.path);
        await settle(page);
        const linked = await page
          .locator('main a[href^="/admin/accounts/"]')
          .evaluateAll((anchors) => [...new Set(anchors.map((anchor) => anchor.getAttribute('href') ?? ''))]);
        for (const path of linked) await visit(page, { name: `My Account link ${path}`, path }, screen, false);
      }
      const prefix = records[entry.path];
      if (!prefix) continue;
      const path = await firstRecordPath(page, prefix);
      await visit(page, { name: `${entry.name} record`, path }, screen, true);
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });
}
