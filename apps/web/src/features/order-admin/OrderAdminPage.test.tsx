import type { Order, OrderXml } from '@colophon/contract';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { createAppRouter } from '../../app/router';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { jsonResponse, makeSessionState, makeUser, problemResponse, signInAs } from '../../test/fixtures';

/** Issue 11: the plant side's actions on one order, each with its reason, through the contract's calls. */

const superAdmin = makeUser({ bSuperAdmin: true });
const at = '2026-11-20T15:00:00.000Z';
const order: Order = {
  id: 7,
  projectId: 3,
  accountId: 4,
  proofId: 9,
  externalId: 'ORD-26-00007',
  status: 1,
  displayStatus: 'Submitted',
  typeOrder: 1,
  shippingMethod: 'GROUND',
  bCombineCopies: false,
  copies: 120,
  countExtras: 0,
  schoolTracking: null,
  studioTracking: null,
  typeProduct: 1,
  typeSubProduct: 0,
  manufacturerId: 5,
  plantId: 2,
  isExpedited: false,
  shipBy: '2026-12-10',
  xmlEdited: false,
  placedByUserId: 1,
  sentAt: at,
  sendCount: 1,
  submittedAt: at,
  shippedAt: null,
  deliveredAt: null,
  createdAt: at,
  updatedAt: at,
  account: { id: 4, code: 'LHS', name: 'Lincoln High', parentMustPayBeforeProduction: false },
  project: { id: 3, name: 'Lincoln 2026', year: 2026, typeBook: 1 },
  manufacturer: { id: 5, code: 'PHX1', name: 'Phoenix Press' },
  plant: { id: 2, code: 'P', name: 'Phoenix' },
  events: [],
};
const ticket: OrderXml = {
  orderId: 7,
  xml: ['<Order>', '  <Number>ORD-26-00007</Number>', '  <Copies>120</Copies>', '</Order>'].join('\n'),
  source: 'built',
  updatedAt: null,
};

type Sent = { method: string; path: string; body: unknown };
let sent: Sent[];
let answers: Record<string, (body: unknown) => Response>;

beforeEach(() => {
  queryClient.clear();
  sent = [];
  answers = {};
  signInAs(superAdmin);
  configureApiClient({
    fetch: vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      sent.push({ method, path: url.pathname, body });
      const answer = answers[`${method} ${url.pathname}`];
      if (answer) return answer(body);
      if (url.pathname === '/api/auth/me') return jsonResponse(makeSessionState(superAdmin));
      if (url.pathname === '/api/orders/7') return jsonResponse(order);
      if (url.pathname === '/api/orders/7/xml') return jsonResponse(ticket);
      if (url.pathname === '/api/orders/invoice/status/7') {
        return jsonResponse({
          orderId: 7,
          invoiceId: null,
          status: 'none',
          totalCents: null,
          paidAt: null,
          waitingForPayment: false,
        });
      }
      const data = url.pathname === '/api/orders' ? [order] : [];
      return jsonResponse({ data, total: data.length, page: 1, perPage: 25 });
    }),
  });
});
afterEach(() => {
  resetApiClient();
  queryClient.clear();
});

const renderAt = (path: string) =>
  render(
    <App
      router={createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [path] }) })}
      queryClient={queryClient}
      env="test"
    />,
  );
const posted = (method: string, path: string) => sent.filter((call) => call.method === method && call.path === path);

async function openTicket() {
  renderAt('/admin/super/order-admin?orderId=7');
  await userEvent.click(await screen.findByRole('tab', { name: 'Job ticket' }, { timeout: 10_000 }));
  return (await screen.findByRole('textbox', { name: 'Ticket XML' })) as HTMLTextAreaElement;
}

describe('Order Admin', () => {
  it('finds orders by the URL’s search and status, and opens the one clicked', async () => {
    renderAt('/admin/super/order-admin?search=Lincoln&status[]=1');
    const table = await screen.findByRole('table', { name: 'Orders' }, { timeout: 10_000 });
    expect(await within(table).findByText('ORD-26-00007')).toBeTruthy();
    const list = sent.find((call) => call.path === '/api/orders');
    expect(list).toBeTruthy();
    await userEvent.click(within(table).getByText('Lincoln High'));
    expect(await screen.findByRole('tab', { name: 'Change status' })).toBeTruthy();
    expect(sent.some((call) => call.path === '/api/orders/7')).toBe(true);
  });

  it('asks for a reason, then sends the status change with it', async () => {
    answers['POST /api/orders/7/status'] = () => jsonResponse({ ...order, status: 11, displayStatus: 'In Production' });
    renderAt('/admin/super/order-admin?orderId=7');
    const form = await screen.findByRole('form', { name: 'Change status' }, { timeout: 10_000 });
    const status = within(form).getByRole('combobox', { name: /New status/ });
    await userEvent.click(status);
    const listbox = await waitFor(() => document.getElementById(status.getAttribute('aria-controls') ?? '')!);
    await userEvent.click(within(listbox).getByRole('option', { name: 'In Production', hidden: true }));
    await userEvent.click(within(form).getByRole('button', { name: 'Change status' }));
    expect(await within(form).findByText('Say why the status changes')).toBeTruthy();
    expect(posted('POST', '/api/orders/7/status')).toEqual([]);

    await userEvent.type(within(form).getByRole('textbox', { name: /Reason/ }), 'The plant called: printing started');
    await userEvent.click(within(form).getByRole('button', { name: 'Change status' }));
    await waitFor(() =>
      expect(posted('POST', '/api/orders/7/status').map((call) => call.body)).toEqual([
        { status: 11, reason: 'The plant called: printing started' },
      ]),
    );
  });

  it('resends the order with the reason and names the queued job', async () => {
    answers['POST /api/orders/7/resend'] = () =>
      jsonResponse(
        {
          id: 41,
          status: 0,
          payload: { orderId: 7, action: 'resend', manufacturerId: 5, plantId: 2, reason: 'x', requestedBy: 1 },
          createdAt: at,
        },
        { status: 202 },
      );
    renderAt('/admin/super/order-admin?orderId=7');
    await userEvent.click(await screen.findByRole('tab', { name: 'Resend' }, { timeout: 10_000 }));
    const form = await screen.findByRole('form', { name: 'Resend to the plant' });
    await userEvent.type(within(form).getByRole('textbox', { name: /Reason/ }), 'The plant lost the files');
    await userEvent.click(within(form).getByRole('button', { name: 'Resend to the plant' }));
    expect((await within(form).findByRole('status')).textContent).toContain('Resend queued: job 41.');
    expect(posted('POST', '/api/orders/7/resend').map((call) => call.body)).toEqual([
      { reason: 'The plant lost the files' },
    ]);
  });

  it('offers to record a payment only while the order waits for one', async () => {
    renderAt('/admin/super/order-admin?orderId=7');
    await screen.findByRole('tab', { name: 'Change status' }, { timeout: 10_000 });
    await waitFor(() => expect(sent.some((call) => call.path === '/api/orders/invoice/status/7')).toBe(true));
    expect(screen.queryByRole('form', { name: 'Record payment' })).toBeNull();
  });

  it('records a payment received by hand, saying how it was paid', async () => {
    answers['GET /api/orders/invoice/status/7'] = () =>
      jsonResponse({
        orderId: 7,
        invoiceId: 3,
        status: 'open',
        totalCents: 125_000,
        paidAt: null,
        waitingForPayment: true,
      });
    answers['POST /api/orders/invoice/paid/7'] = () =>
      jsonResponse({
        orderId: 7,
        invoiceId: 3,
        status: 'paid',
        totalCents: 125_000,
        paidAt: at,
        waitingForPayment: false,
      });
    renderAt('/admin/super/order-admin?orderId=7');
    const form = await screen.findByRole('form', { name: 'Record payment' }, { timeout: 10_000 });
    expect(form.textContent).toContain('$1,250.00');
    await userEvent.type(within(form).getByRole('textbox', { name: /How it was paid/ }), 'Check 1042');
    await userEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
    await waitFor(() =>
      expect(posted('POST', '/api/orders/invoice/paid/7').map((call) => call.body)).toEqual([{ reason: 'Check 1042' }]),
    );
  });

  it('shows the edited ticket’s added and removed lines before saving it with a reason', async () => {
    answers['PUT /api/orders/7/xml'] = (body) =>
      jsonResponse({ ...ticket, xml: (body as { xml: string }).xml, source: 'edited', updatedAt: at });
    const editor = await openTicket();
    await userEvent.clear(editor);
    await userEvent.type(
      editor,
      ['<Order>', '  <Number>ORD-26-00007</Number>', '  <Copies>150</Copies>', '  <Rush/>', '</Order>'].join('\n'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Review changes' }));

    const changes = await screen.findByRole('region', { name: 'Changes to the job ticket' });
    const lines = (kind: string) =>
      [...changes.querySelectorAll(`[data-diff="${kind}"]`)].map((line) => line.textContent?.trim());
    expect(lines('removed')).toEqual(['-   <Copies>120</Copies>']);
    expect(lines('added')).toEqual(['+   <Copies>150</Copies>', '+   <Rush/>']);
    expect(screen.getByText('2 lines added, 1 removed')).toBeTruthy();

    await userEvent.type(screen.getByRole('textbox', { name: /Reason/ }), 'School asked for 30 more');
    await userEvent.click(screen.getByRole('button', { name: 'Save ticket' }));
    await waitFor(() => expect(posted('PUT', '/api/orders/7/xml')).toHaveLength(1));
    expect(posted('PUT', '/api/orders/7/xml')[0]?.body).toMatchObject({
      reason: 'School asked for 30 more',
      xml: expect.stringContaining('<Rush/>'),
    });
  });

  it('keeps the edited text and names the bad element when the API refuses the ticket', async () => {
    answers['PUT /api/orders/7/xml'] = () =>
      problemResponse(400, 'The job ticket does not match its schema', {
        errors: [{ path: 'xml', message: "Element 'Copies': 'many' is not a valid integer" }],
      });
    const editor = await openTicket();
    await userEvent.clear(editor);
    await userEvent.type(editor, '<Order><Copies>many</Copies></Order>');
    await userEvent.click(screen.getByRole('button', { name: 'Review changes' }));
    await userEvent.type(await screen.findByRole('textbox', { name: /Reason/ }), 'Try it');
    await userEvent.click(screen.getByRole('button', { name: 'Save ticket' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Element 'Copies': 'many' is not a valid integer");
    const kept = (await screen.findByRole('textbox', { name: 'Ticket XML' })) as HTMLTextAreaElement;
    expect(kept.value).toBe('<Order><Copies>many</Copies></Order>');
  });
});
