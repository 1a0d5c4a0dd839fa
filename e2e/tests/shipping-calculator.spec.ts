import { expect, test } from '@playwright/test';
import { PHONE_WIDTH, pageOverflow, seriousAxeViolations, settle, truncatedBadges } from '../support/screens';

/** A date comfortably ahead of the server's today, as the form's date field takes it (MM/DD/YYYY). */
function daysAhead(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
}

async function fillCalculator(page: import('@playwright/test').Page, zip: string) {
  await page.getByRole('textbox', { name: /Quantity/ }).fill('40');
  await page.getByRole('textbox', { name: /ZIP code/ }).fill(zip);
  const dateNeeded = page.getByRole('textbox', { name: /Date needed/ });
  await dateNeeded.fill(daysAhead(60));
  await dateNeeded.press('Escape');
  await page.getByRole('button', { name: 'Calculate' }).click();
}

test('signed out, the shipping calculator answers the ship date and the methods with their prices', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Shipping calculator' }).click();
  await expect(page).toHaveURL(/\/expedited-shipping$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping Calculator' })).toBeVisible();
  await expect(page).toHaveTitle(/Shipping Calculator/);

  await fillCalculator(page, '10001');
  await expect(page.getByRole('heading', { name: /^Ships \d{2}\/\d{2}\/\d{4} from Beltsville$/ })).toBeVisible();
  const ground = page.getByRole('row').filter({ hasText: 'FedEx Ground' });
  await expect(ground).toContainText(/\$\d+\.\d{2}/);
  await expect(ground).toContainText('Arrives in time');
  await expect(page.getByRole('row').filter({ hasText: 'Plant Pickup' })).toContainText('$0.00');
  // Still signed out: the calculator never sent anyone to login.
  await expect(page).toHaveURL(/\/expedited-shipping$/);
});

test('an unknown ZIP code is named on its field', async ({ page }) => {
  await page.goto('/expedited-shipping');
  await fillCalculator(page, '00000');
  await expect(page.getByText('No such ZIP code.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /ZIP code/ })).toHaveAttribute('aria-invalid', 'true');
});

test('the answered calculator has no serious axe finding, no badge cut short, and fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: PHONE_WIDTH, height: 844 });
  await page.goto('/expedited-shipping');
  await fillCalculator(page, '85034');
  await expect(page.getByRole('heading', { name: /from Phoenix$/ })).toBeVisible();
  await settle(page);
  expect(await pageOverflow(page)).toBe(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  await settle(page);
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(await truncatedBadges(page)).toEqual([]);
});
