import { expect, test } from '@playwright/test';
import { authHeaders, DEMO_USERS, signIn } from '../support/session';

interface OrderRow {
  id: number;
  externalId: string;
  manufacturerId: number | null;
  shippingMethod: string | null;
}
interface ManufacturerRow {
  id: number;
  code: string;
  name: string;
}

test('a super administrator finds an order, sets its status, edits its job ticket and queues a move', async ({
  page,
  request,
}) => {
  // Four actions on one order, each a round trip and a refetch, on two shared cores.
  test.setTimeout(120_000);
  const headers = await authHeaders(request, DEMO_USERS.superAdmin);
  // A shipped order with its shipping method: its built ticket has a Shipping section (an order
  // without one builds an empty <Shipping/>, which the ticket's schema refuses: told to the lead).
  const listed = await request.get('/api/orders?perPage=50&status[]=2&sort=-createdAt', { headers });
  expect(listed.ok()).toBe(true);
  const order = ((await listed.json()) as { data: OrderRow[] }).data.find(
    (row) => row.shippingMethod !== null && row.shippingMethod !== 'PP',
  );
  expect(order, 'the demo has a shipped order with a shipping method').toBeTruthy();
  const manufacturersListed = await request.get('/api/manufacturers?isActive=true&perPage=100', { headers });
  const elsewhere = ((await manufacturersListed.json()) as { data: ManufacturerRow[] }).data.find(
    (manufacturer) => manufacturer.id !== order!.manufacturerId,
  );
  expect(elsewhere, 'the demo has a second active manufacturer').toBeTruthy();
  const { externalId, id } = order!;

  await signIn(page, DEMO_USERS.superAdmin);
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Order Admin' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order Admin' })).toBeVisible();

  // Find it by its number: the search is kept in the URL.
  await page.getByRole('textbox', { name: 'Search' }).fill(externalId);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`search=${externalId}`));
  const table = page.getByRole('table', { name: 'Orders' });
  await table.getByRole('cell', { name: externalId, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`orderId=${id}`));
  const panel = page.getByRole('dialog', { name: 'Order' });
  await expect(panel.getByRole('heading', { name: externalId })).toBeVisible();

  // Change its status: the reason is asked for, then the derived status and the timeline change.
  const statusForm = panel.getByRole('form', { name: 'Change status' });
  await statusForm.getByRole('combobox', { name: /New status/ }).click();
  await page.getByRole('option', { name: 'On Hold in Manufacturing', exact: true }).click();
  await statusForm.getByRole('button', { name: 'Change status' }).click();
  await expect(statusForm.getByText('Say why the status changes')).toBeVisible();
  await statusForm.getByRole('textbox', { name: /Reason/ }).fill('E2E: the plant is waiting for paper');
  await statusForm.getByRole('button', { name: 'Change status' }).click();
  await expect(page.getByText(`${externalId} is now On Hold in Manufacturing.`)).toBeVisible();
  const timeline = panel.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByText('E2E: the plant is waiting for paper')).toBeVisible();
  await expect(timeline.getByText('Shipped → On Hold in Manufacturing').first()).toBeVisible();

  // Edit the job ticket with a bad value: refused, the element named, nothing saved, the text kept.
  await panel.getByRole('tab', { name: 'Job ticket' }).click();
  const ticketForm = panel.getByRole('form', { name: 'Job ticket' });
  await expect(ticketForm.getByText('built from the order')).toBeVisible();
  const editor = ticketForm.getByRole('textbox', { name: 'Ticket XML' });
  const loaded = await editor.inputValue();
  const copies = /<Copies>(\d+)<\/Copies>/.exec(loaded);
  expect(copies, 'the ticket states its copies').toBeTruthy();
  const bad = loaded.replace(copies![0], '<Copies>many</Copies>');
  await editor.fill(bad);
  await ticketForm.getByRole('button', { name: 'Review changes' }).click();
  const changes = ticketForm.getByRole('region', { name: 'Changes to the job ticket' });
  await expect(changes.locator('[data-diff="removed"]')).toContainText([copies![0]]);
  await ticketForm.getByRole('textbox', { name: /Reason/ }).fill('E2E: the school wants more copies');
  await ticketForm.getByRole('button', { name: 'Save ticket' }).click();
  await expect(ticketForm.getByRole('alert')).toContainText('JobTicket/Book/Copies');
  await expect(editor).toHaveValue(bad);
  const unsaved = await request.get(`/api/orders/${id}/xml`, { headers });
  expect(((await unsaved.json()) as { source: string }).source).toBe('built');

  // Fix it: the review shows the one line changed, and the save keeps it as edited by hand.
  const fixed = loaded.replace(copies![0], `<Copies>${Number(copies![1]) + 5}</Copies>`);
  await editor.fill(fixed);
  await ticketForm.getByRole('button', { name: 'Review changes' }).click();
  await expect(changes.locator('[data-diff="removed"]')).toHaveCount(1);
  await expect(changes.locator('[data-diff="added"]')).toContainText([`<Copies>${Number(copies![1]) + 5}</Copies>`]);
  await ticketForm.getByRole('button', { name: 'Save ticket' }).click();
  await expect(page.getByText('The job ticket is saved.')).toBeVisible();
  await expect(ticketForm.getByText('edited by hand')).toBeVisible();
  const saved = await request.get(`/api/orders/${id}/xml`, { headers });
  expect(await saved.json()).toMatchObject({ source: 'edited', xml: fixed });

  // Queue a move to another manufacturer: the toast names the job.
  await panel.getByRole('tab', { name: 'Move' }).click();
  const moveForm = panel.getByRole('form', { name: 'Move order' });
  await moveForm.getByRole('combobox', { name: /Manufacturer/ }).click();
  await page.getByRole('option', { name: `${elsewhere!.name} (${elsewhere!.code})`, exact: true }).click();
  await moveForm.getByRole('textbox', { name: /Reason/ }).fill('E2E: the plant has no paper');
  await moveForm.getByRole('button', { name: 'Queue the move' }).click();
  const queued = moveForm.getByRole('status').filter({ hasText: /Move queued: job \d+\./ });
  await expect(queued).toBeVisible();
  const job = /job (\d+)/.exec((await queued.textContent()) ?? '')?.[1];
  // The toast names the same job.
  await expect(page.getByRole('alert').filter({ hasText: `Move queued: job ${job}.` })).toBeVisible();
  await expect(queued.getByRole('link', { name: 'Order Moves' })).toHaveAttribute(
    'href',
    '/admin/super/processing/order-moves',
  );
});

test('a super administrator uploads personalization names: each bad line listed, then the fixed file kept', async ({
  page,
  request,
}) => {
  const headers = await authHeaders(request, DEMO_USERS.superAdmin);
  const listed = await request.get('/api/orders?perPage=1&status[]=11', { headers });
  const order = ((await listed.json()) as { data: OrderRow[] }).data[0];
  expect(order, 'the demo has an order in production').toBeTruthy();
  const filename = `${order!.externalId}.csv`;

  await signIn(page, DEMO_USERS.superAdmin);
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Personalization Upload' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Personalization Upload' })).toBeVisible();
  const chooser = page.locator('input[type="file"]');
  const choose = (text: string) =>
    chooser.setInputFiles({ name: filename, mimeType: 'text/csv', buffer: Buffer.from(text) });

  await choose('first_name,last_name,grade\nAda,Lovelace,12\nAlan,Turing,13\nGrace,Hopper,x\n');
  await expect(page.getByRole('table', { name: 'Preview of the file' })).toContainText('Lovelace');
  await page.getByRole('button', { name: 'Upload names' }).click();
  const problems = page.getByRole('list', { name: 'Problems in the file' });
  await expect(problems.getByRole('listitem')).toHaveCount(2);
  await expect(problems.getByRole('listitem').first()).toHaveText(/^Line 3: /);
  await expect(problems.getByRole('listitem').nth(1)).toHaveText(/^Line 4: /);

  await choose('first_name,last_name,grade\nAda,Lovelace,12\nAlan,Turing,11\nGrace,Hopper,K\n');
  await page.getByRole('button', { name: 'Upload names' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `${filename}: 3 names for order ${order!.externalId}` }),
  ).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Personalization uploads' }).getByRole('cell', { name: filename }),
  ).toBeVisible();
});

test('a studio owner is refused Order Admin and Personalization Upload', async ({ page }) => {
  await signIn(page, DEMO_USERS.owner);
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await page.goto('/admin/super/order-admin');
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await expect(page.getByText('You do not have access to Order Admin')).toBeVisible();
  await page.goto('/admin/super/personalization-upload');
  await expect(page.getByText('You do not have access to Personalization Upload')).toBeVisible();
});
