import { expect, type Locator, type Page, test } from '@playwright/test';
import { pageOverflow, seriousAxeViolations, settle } from '../support/screens';
import { authHeaders, DEMO_USERS, signIn } from '../support/session';

/*
 * The public storefront (issue 12) on the demo's stores: `/store/<account code>-<year>`. The first
 * demo school (A30001) has this year's store open; every school's last-year store is closed.
 */
const OPEN_STORE = '/store/a30001-2026';
const CLOSED_STORE = '/store/a30001-2025';
const PHONE = 375;

/** A 1×1 PNG: the uploads know an image by its first bytes, not by its name. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const product = (page: Page, name: string | RegExp): Locator => page.getByRole('article', { name, exact: true });

async function fillBuyer(page: Page) {
  await page.getByRole('textbox', { name: /^First name/ }).fill('Sam');
  await page.getByRole('textbox', { name: /^Last name/ }).fill('Rivera');
  await page.getByRole('textbox', { name: /^Grade/ }).fill('11');
  await page.getByRole('textbox', { name: /^Homeroom/ }).fill('204');
  await page.getByRole('textbox', { name: /^Your name/ }).fill('Pat Rivera');
  await page.getByRole('textbox', { name: /^E-mail/ }).fill('pat.rivera@example.com');
}

async function fillCard(page: Page, number: string) {
  await page.getByRole('textbox', { name: /^Card number/ }).fill(number);
  await page.getByRole('textbox', { name: /^Expiry/ }).fill('12/30');
  await page.getByRole('textbox', { name: /^CVC/ }).fill('123');
}

async function addPlainYearbook(page: Page) {
  await product(page, 'Yearbook').getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('button', { name: /^Pay \$\d+\.\d{2}$/ })).toBeEnabled();
}

test('a parent buys a personalized book and a half-page ad with a coupon and the success card', async ({ page }) => {
  await page.goto(OPEN_STORE);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Yearbook Store');
  await expect(page.getByText(/^Open \d{2}\/\d{2}\/\d{4} to \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();

  const book = product(page, 'Yearbook with name on the cover');
  await book.getByRole('checkbox', { name: /Personalize the cover/ }).check();
  await book.getByRole('textbox', { name: /Name on the cover/ }).fill('Sam Rivera');
  await expect(book.getByLabel('Cover preview')).toHaveText('Sam Rivera');
  await book.getByRole('button', { name: 'Add to cart' }).click();

  const ad = product(page, /^Half Page/).first();
  await expect(ad.getByText('Half Page', { exact: true })).toBeVisible();
  await ad.locator('input[type="file"]').setInputFiles({ name: 'ad.png', mimeType: 'image/png', buffer: PNG });
  await expect(ad.getByRole('img', { name: /Preview of the ad image/ })).toBeVisible();
  await ad.getByRole('textbox', { name: /Message/ }).fill('We are so proud of you, Sam!');
  await ad.getByRole('button', { name: 'Add to cart' }).click();

  await page.getByRole('textbox', { name: 'Coupon' }).fill('welcome10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Applied: WELCOME10')).toBeVisible();
  const totals = page.getByRole('table', { name: 'Your order' });
  await expect(totals.getByRole('row', { name: /^Discount \(WELCOME10\)/ })).toContainText(/−\$\d+\.\d{2}/);
  await expect(totals.getByRole('row', { name: /^Sales tax/ })).toBeVisible();

  await fillBuyer(page);
  await fillCard(page, '4242 4242 4242 4242');
  const pay = page.getByRole('button', { name: /^Pay \$\d+\.\d{2}$/ });
  const payLabel = await pay.textContent();
  await pay.click();

  await expect(page.getByRole('heading', { name: /Thank you for your order/ })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/^W26-\d{6,}$/)).toBeVisible();
  const bought = page.getByRole('table', { name: 'What you bought' });
  await expect(bought).toContainText('Yearbook with name on the cover');
  await expect(bought).toContainText('Half Page');
  await expect(bought.getByRole('row', { name: /^Total/ })).toContainText(payLabel?.replace(/^Pay /, '') ?? '');
  await expect(page.getByText(/is on its way to pat\.rivera@example\.com/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'View your receipt' })).toBeVisible();

  // Paid: a reload starts with an empty cart.
  await page.reload();
  await expect(page.getByText('Your cart is empty.', { exact: false })).toBeVisible();
});

test('the declining card shows its message and keeps the cart; the cart survives a reload', async ({ page }) => {
  await page.goto(OPEN_STORE);
  await addPlainYearbook(page);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Remove Yearbook' })).toBeVisible();

  await fillBuyer(page);
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: /^Pay \$\d+\.\d{2}$/ }).click();
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment.getByRole('alert')).toContainText(/declined/i);
  await expect(page.getByRole('button', { name: 'Remove Yearbook' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Thank you/ })).toHaveCount(0);
});

test('a closed store says so and sells nothing', async ({ page }) => {
  await page.goto(CLOSED_STORE);
  await expect(page.getByText('This store is closed.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
});

test('the store with a cart has no serious axe finding and fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: PHONE, height: 844 });
  await page.goto(OPEN_STORE);
  await addPlainYearbook(page);
  await settle(page);
  expect(await pageOverflow(page)).toBe(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test("the school sees a parent's order in its Online Sales", async ({ page, request }) => {
  // Sign-in with a second factor and the reports over the season's demo: slower than one page.
  test.setTimeout(90_000);
  // A parent's order placed through the public API (the page's own path is the first test).
  const store = await (await request.get(`/api${OPEN_STORE.replace('/store/', '/storefront/')}`)).json();
  const yearbook = store.products.find((item: { name: string }) => item.name === 'Yearbook');
  const checkout = await request.post(`/api${OPEN_STORE.replace('/store/', '/storefront/')}/checkout`, {
    data: {
      items: [{ productId: yearbook.id, quantity: 1 }],
      shipping: 1,
      parent: { name: 'Robin Quill', email: 'robin.quill@example.com' },
      student: { firstName: 'Kit', lastName: 'Quill' },
      checkoutKey: crypto.randomUUID(),
      payment: { card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' } },
    },
  });
  expect(checkout.status()).toBe(201);
  const { orderNumber } = await checkout.json();

  // Maple Grove's adviser (the demo's e-mail MFA user; Lincoln's store is closed this year) signs in
  // with the code from the outbox.
  await signIn(page, DEMO_USERS.mfa);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(/We sent a 6-digit code/)).toBeVisible();
  const headers = await authHeaders(request, DEMO_USERS.superAdmin);
  const outbox = await request.get(`/api/outbox_emails?to=${DEMO_USERS.mfa}`, { headers });
  const code = /code is (\d{6})/.exec((await outbox.json()).data[0].text)?.[1];
  await page.getByLabel(/^Code/).fill(code ?? '');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\//, { timeout: 15_000 });
  await page.goto('/admin/online-sales?report=online_orders_report');
  await expect(page.getByRole('heading', { level: 1, name: 'Online Sales' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('row').filter({ hasText: orderNumber })).toContainText('Robin Quill', {
    timeout: 15_000,
  });
});
