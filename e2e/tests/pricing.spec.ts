import { expect, test } from '@playwright/test';
import { authHeaders, DEMO_USERS, signIn } from '../support/session';

interface Project {
  id: number;
  name: string;
  accountId: number;
  year: number;
  typeBook: number;
  typeSize: number | null;
  pageCount: number | null;
}
interface Quote {
  designation: string | null;
  lines: { kind: string; label: string; quantity: number; unitCents: number; amountCents: number }[];
  totalCents: number;
  problems: { path: string; message: string }[];
}
interface BindingPrice {
  id: number;
  designation: string;
  pageMin: number;
  pageMax: number;
  perBookCents: number;
}

const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test.describe.configure({ timeout: 120_000 });

test('price a project: a super administrator changes a price and the project’s quote follows', async ({
  page,
  request,
}) => {
  const headers = await authHeaders(request, DEMO_USERS.superAdmin);
  // A 2026 project the price lists can price (a book type, size and page count set).
  const projects = (
    (await (await request.get('/api/projects?year=2026&isActive=true&perPage=100', { headers })).json()) as {
      data: Project[];
    }
  ).data;
  let project: Project | undefined;
  let quote: Quote | undefined;
  for (const candidate of projects) {
    const answer = (await (await request.get(`/api/projects/${candidate.id}/quote`, { headers })).json()) as Quote;
    if (answer.problems.length === 0 && (answer.lines[0]?.quantity ?? 0) > 0) {
      project = candidate;
      quote = answer;
      break;
    }
  }
  expect(project, 'the demo has a priced 2026 project').toBeTruthy();
  const book = quote!.lines[0]!;
  const prices = (
    (await (
      await request.get(
        `/api/binding_prices?designation[]=${quote!.designation}&year[]=2026&typeBook[]=${project!.typeBook}&typeSize[]=${project!.typeSize}&perPage=20`,
        { headers },
      )
    ).json()) as { data: BindingPrice[] }
  ).data;
  const bracket = prices.find(
    (price) => (project!.pageCount ?? 0) >= price.pageMin && (project!.pageCount ?? 0) <= price.pageMax,
  )!;
  expect(bracket.perBookCents).toBe(book.unitCents);
  const newCents = bracket.perBookCents + 125;

  await signIn(page, DEMO_USERS.superAdmin);
  await expect(page).toHaveURL(/\/admin\//);
  // The page is in the super administrator's navigation; the test opens it with its filters.
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Customer Pricing' }),
  ).toBeVisible({ timeout: 30_000 });
  await page.goto(
    `/admin/super/customer-pricing?year[]=2026&designation[]=${quote!.designation}&typeBook[]=${project!.typeBook}&typeSize[]=${project!.typeSize}`,
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Pricing' })).toBeVisible({ timeout: 30_000 });
  const table = page.getByRole('table', { name: 'Binding prices' });
  const edit = table.getByRole('button', { name: new RegExp(`^Edit .*${bracket.pageMin}–${bracket.pageMax} pages`) });
  await expect(edit).toHaveText(dollars(bracket.perBookCents), { timeout: 30_000 });
  await edit.click();
  const drawer = page.getByRole('dialog', { name: 'Edit price' });
  await drawer.getByLabel('Price per book ($)').fill((newCents / 100).toFixed(2));
  await drawer.getByRole('button', { name: 'Save price' }).click();
  await expect(drawer).toBeHidden();
  await expect(edit).toHaveText(dollars(newCents));

  // The project's quote: the book line at the new price, the total the sum of the lines.
  await page.goto(`/admin/projects/${project!.id}`);
  const card = page.locator('[aria-label="Quote"]');
  const lines = card.getByRole('table', { name: 'Quote lines' });
  // The quote is priced on a busy machine alongside the page's other cards.
  await expect(lines).toBeVisible({ timeout: 30_000 });
  const bookRow = lines.getByRole('row').filter({ hasText: book.label });
  await expect(bookRow).toContainText(dollars(newCents));
  await expect(bookRow).toContainText(dollars(newCents * book.quantity));
  const after = (await (await request.get(`/api/projects/${project!.id}/quote`, { headers })).json()) as Quote;
  expect(after.totalCents).toBeGreaterThan(quote!.totalCents);
  await expect(card.getByTestId('quote-total')).toHaveText(dollars(after.totalCents));

  // Put the demo's price back.
  const restored = await request.put(`/api/binding_prices/${bracket.id}`, {
    headers,
    data: { perBookCents: bracket.perBookCents },
  });
  expect(restored.ok()).toBe(true);
});

interface ShipToHomePrice {
  id: number;
  year: number;
  product: string;
  label: string;
  cents: number;
}

test('edit a ship-to-home price on its tab of Customer Pricing', async ({ page, request }) => {
  const headers = await authHeaders(request, DEMO_USERS.superAdmin);
  const charges = (
    (await (await request.get('/api/ship_to_home_prices?year[]=2026', { headers })).json()) as {
      data: ShipToHomePrice[];
    }
  ).data;
  const handling = charges.find((charge) => charge.product === 'handling');
  expect(handling, 'the demo has 2026 handling').toBeTruthy();
  const newCents = handling!.cents + 35;

  await signIn(page, DEMO_USERS.superAdmin);
  await expect(page).toHaveURL(/\/admin\//);
  await page.goto('/admin/super/customer-pricing?year[]=2026');
  await expect(page.getByRole('heading', { level: 1, name: 'Customer Pricing' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: 'Ship-to-home', exact: true }).click();
  await expect(page).toHaveURL(/tab=home/);
  const table = page.getByRole('table', { name: 'Ship-to-home prices' });
  const edit = table.getByRole('button', { name: `Edit 2026 ${handling!.label}` });
  await expect(edit).toHaveText(dollars(handling!.cents), { timeout: 30_000 });
  await edit.click();
  const drawer = page.getByRole('dialog', { name: 'Edit ship-to-home price' });
  await drawer.getByLabel('Price per copy ($)').fill((newCents / 100).toFixed(2));
  await drawer.getByRole('button', { name: 'Save ship-to-home price' }).click();
  await expect(drawer).toBeHidden();
  await expect(edit).toHaveText(dollars(newCents));
  const stored = (await (
    await request.get(`/api/ship_to_home_prices/${handling!.id}`, { headers })
  ).json()) as ShipToHomePrice;
  expect(stored.cents).toBe(newCents);

  // Put the demo's price back.
  const restored = await request.put(`/api/ship_to_home_prices/${handling!.id}`, {
    headers,
    data: { cents: handling!.cents },
  });
  expect(restored.ok()).toBe(true);
});
