import { expect, test } from '@playwright/test';
import { authHeaders, DEMO_USERS, signIn } from '../support/session';

// This spec asks for tours: its browser keeps no "off" preference (playwright.config.ts sets one for every other).
test.use({ storageState: { cookies: [], origins: [] } });

test('a walkthrough starts by itself once: finished, it does not start again after a reload, and the help menu starts it again', async ({
  page,
  request,
}) => {
  // A busy machine (the suite's server shares two cores with the demo's processing) may take long to open the first page.
  test.setTimeout(120_000);
  // The studio owner has not seen any walkthrough (whatever an earlier run of this spec left).
  const reset = await request.delete('/api/profile/tours', { headers: await authHeaders(request, DEMO_USERS.owner) });
  expect(reset.status()).toBe(204);

  await signIn(page, DEMO_USERS.owner);
  await expect(page).toHaveURL(/\/admin\/profile$/, { timeout: 15_000 });

  // The home page's tour points at the navigation's links; Agreements is not built, so its step is skipped.
  const tour = page.getByRole('dialog', { name: 'Walkthrough: Getting around' });
  await expect(tour).toBeVisible({ timeout: 45_000 });
  await expect(tour.getByText('1 of 5')).toBeVisible();
  await expect(tour.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await expect(tour.getByRole('button', { name: 'End Walkthrough' })).toBeVisible();
  await expect(tour.getByRole('button', { name: 'Close' })).toBeVisible();
  await tour.getByRole('button', { name: 'Next' }).click();
  await expect(tour.getByRole('heading', { name: 'Proofs' })).toBeVisible();
  await tour.getByRole('button', { name: 'Previous' }).click();
  await expect(tour.getByRole('heading', { name: 'My Account' })).toBeVisible();
  for (const heading of ['Proofs', 'Order Status', 'Online Sales', 'Help']) {
    await tour.getByRole('button', { name: 'Next' }).click();
    await expect(tour.getByRole('heading', { name: heading })).toBeVisible();
  }
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/profile/tours/getting-around') && response.request().method() === 'PUT',
  );
  await tour.getByRole('button', { name: 'Finish' }).click();
  expect((await saved).status()).toBe(200);
  await expect(tour).toHaveCount(0);

  // Reloaded, the page's walkthroughs are looked at again and none starts.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible({ timeout: 45_000 });
  await expect(page.locator('html[data-walkthroughs-checked="/admin/profile"]')).toHaveCount(1, { timeout: 15_000 });
  await expect(page.getByRole('dialog', { name: /^Walkthrough/ })).toHaveCount(0);

  // The help menu starts it again; End Walkthrough leaves it.
  await page.getByRole('button', { name: 'Help' }).click();
  await page.getByRole('menuitem', { name: 'Getting around' }).click();
  await expect(tour).toBeVisible();
  await tour.getByRole('button', { name: 'End Walkthrough' }).click();
  await expect(tour).toHaveCount(0);
});
