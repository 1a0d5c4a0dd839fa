import type { Order, OrderEvent, Proof, SessionUser, Shipment } from '@colophon/contract';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { createAppRouter } from '../../app/router';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { jsonResponse, makeSessionState, makeUser, problemResponse, signInAs } from '../../test/fixtures';

/** Issue 11: Order Status, one order's page (timeline, tracking) and ordering from an approved proof. */

const adviser = makeUser({ role: 5 });
const stamp = { createdAt: '2026-03-02T15:00:00.000Z', updatedAt: '2026-03-02T15:00:00.000Z' };

function makeOrder(extra: Partial<Order> = {}): Order {
  return {
    id: 12,
    projectId: 100,
    accountId: 10,
    proofId: 5,
    externalId: 'ORD-26-00012',
    status: 1,
    displayStatus: 'Submitted',
    typeOrder: 1,
    shippingMethod: 'UG',
    bCombineCopies: false,
    copies: 120,
    countExtras: 5,
    schoolTracking: null,
    studioTracking: null,
    typeProduct: 0,
    typeSubProduct: 0,
    manufacturerId: 3,
    plantId: 2,
    isExpedited: false,
    shipBy: '2026-04-10',
    xmlEdited: false,
    placedByUserId: 7,
    sentAt: '2026-03-02T15:01:00.000Z',
    sendCount: 1,
    submittedAt: '2026-03-02T15:00:00.000Z',
    shippedAt: null,
    deliveredAt: null,
    ...stamp,
    account: { id: 10, code: 'LHS', name: 'Lincoln High School', parentMustPayBeforeProduction: false },
    project: { id: 100, name: 'Lincoln Yearbook 2026', year: 2026, typeBook: 1 },
    manufacturer: { id: 3, code: 'PHX1', name: 'Phoenix Press' },
    plant: { id: 2, code: 'P', name: 'Phoenix' },
    ...extra,
  };
}

const event = (id: number, extra: Partial<OrderEvent>): OrderEvent => ({
  id,
  orderId: 12,
  kind: 'placed',
  fromStatus: null,
  toStatus: null,
  message: null,
  source: 'system',
  userId: null,
  userName: null,
  data: null,
  createdAt: `2026-03-0${id}T15:00:00.000Z`,
  ...extra,
});

const shipment: Shipment = {
  id: 40,
  orderId: 12,
  status: 2,
  typeTrackingNumber: 1,
  carrier: 'UPS',
  shippingMethod: 'UG',
  trackingNumber: '1Z999AA10123456784',
  trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
  copies: 120,
  shippedAt: '2026-03-04T15:00:00.000Z',
  deliveredAt: null,
  ...stamp,
};

const approvedProof: Proof = {
  id: 5,
  projectId: 100,
  accountId: 10,
  accountName: 'Lincoln High School',
  projectName: 'Lincoln Yearbook 2026',
  year: 2026,
  typeBook: 1,
  status: 3,
  internalStatus: 1,
  roundNumber: 2,
  kind: 'pages',
  processingStatus: 2,
  pageCount: 4,
  pagesDone: 4,
  summary: { errors: 0, warnings: 0, passed: true },
  processingError: null,
  processedAt: '2026-03-01T12:00:00.000Z',
  decidedAt: '2026-03-01T13:00:00.000Z',
  decidedBy: 7,
  rejectReason: null,
  unlockedForEdits: false,
  createdAt: '2026-03-01T11:00:00.000Z',
  canOrder: true,
};

// jsdom has no font loading (Mantine's autosizing text boxes listen to it) and its elements cannot scroll.
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { addEventListener: () => {}, removeEventListener: () => {} },
});
Object.defineProperty(HTMLElement.prototype, 'scrollTo', { configurable: true, writable: true, value: () => {} });

interface Call {
  method: string;
  url: URL;
  body: unknown;
}
let calls: Call[];
let order: Order;
let createAnswer: () => Response;
let waitingForPayment: boolean;

beforeEach(() => {
  queryClient.clear();
  calls = [];
  waitingForPayment = false;
  order = makeOrder();
  createAnswer = () => jsonResponse(makeOrder({ id: 13, externalId: 'ORD-26-00013' }), { status: 201 });
  configureApiClient({
    fetch: vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      const path = url.pathname;
      if (path === '/api/auth/me') return jsonResponse(makeSessionState(adviser));
      if (path === '/api/orders' && method === 'POST') return createAnswer();
      if (path === '/api/orders') return jsonResponse({ data: [order], total: 1, page: 1, perPage: 25 });
      if (path === '/api/orders/invoice/status/12') {
        return jsonResponse({
          orderId: 12,
          invoiceId: 3,
          status: 'open',
          totalCents: 125_000,
          paidAt: null,
          waitingForPayment,
        });
      }
      if (path === '/api/orders/12') return jsonResponse(order);
      if (path === '/api/orders/13') return jsonResponse(makeOrder({ id: 13, externalId: 'ORD-26-00013' }));
      if (path.startsWith('/api/orders/999')) return problemResponse(404, 'Order 999 was not found.');
      if (path.startsWith('/api/orders/directory/contents/')) {
        return jsonResponse({
          orderId: 12,
          path: '12',
          entries: [
            {
              name: 'ticket-1.xml',
              path: '12/ticket-1.xml',
              kind: 'file',
              size: 2048,
              modifiedAt: stamp.createdAt,
              url: '/api/files/signed/orders/12/ticket-1.xml',
            },
          ],
        });
      }
      if (path === '/api/proofs/5') return jsonResponse(approvedProof);
      if (path === '/api/proofs/5/findings') return jsonResponse({ data: [] });
      if (path === '/api/proofs/5/s3_sign_flip_images') return problemResponse(404, 'No page images yet.');
      if (path === '/api/proofs/5/epub_link') return problemResponse(409, 'Not now.');
      if (path.startsWith('/api/proofs/5/')) return jsonResponse({ data: [] });
      if (path === '/api/projects/100') return jsonResponse({ id: 100, copies: 150, typeSoftware: 0 });
      return jsonResponse({ data: [], total: 0, page: 1, perPage: 25 });
    }),
  });
});
afterEach(() => {
  resetApiClient();
  queryClient.clear();
});

function renderAt(path: string, user: SessionUser = adviser) {
  signInAs(user);
  const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [path] }) });
  render(<App router={router} queryClient={queryClient} env="test" />);
  return router;
}

const lastList = () => calls.filter((call) => call.url.pathname === '/api/orders' && call.method === 'GET').at(-1)!.url;

describe('Order Status', () => {
  it('shows the derived status and the order number as a link; a filter is written to the URL and asked of the API', async () => {
    order = makeOrder({ status: 2, displayStatus: 'Only School Copies Shipped' });
    const router = renderAt('/admin/orders');
    const table = await screen.findByRole('table', { name: 'Orders' }, { timeout: 10_000 });
    expect(await within(table).findByText('Only School Copies Shipped')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'ORD-26-00012' }).getAttribute('href')).toBe('/admin/orders/12');
    expect(within(table).getByText('120 + 5 extras')).toBeTruthy();
    expect(within(table).getByText('Phoenix Press · Phoenix')).toBeTruthy();
    expect(within(table).getByText('04/10/2026')).toBeTruthy();
    expect(lastList().searchParams.get('include')).toBe('account,project,manufacturer,plant');
    expect(screen.queryByRole('button', { name: /New order/ })).toBeNull();

    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Shipped' }));
    await waitFor(() => expect(router.state.location.href).toMatch(/status(\[\]|%5B%5D)=2/));
    await waitFor(() => expect(lastList().searchParams.getAll('status[]')).toEqual(['2']));
  });

  it('reads its filters from the URL', async () => {
    renderAt('/admin/orders?typeOrder[]=3&submittedFrom=2026-03-01&sort=-submittedAt');
    await screen.findByRole('table', { name: 'Orders' }, { timeout: 10_000 });
    await waitFor(() => expect(lastList().searchParams.getAll('typeOrder[]')).toEqual(['3']));
    expect(lastList().searchParams.get('submittedFrom')).toBe('2026-03-01');
    expect(lastList().searchParams.get('sort')).toBe('-submittedAt');
  });
});

describe('one order', () => {
  it('shows the timeline oldest first with the steps ahead greyed, and the tracking number links to the carrier', async () => {
    order = makeOrder({
      status: 2,
      displayStatus: 'Shipped',
      shipments: [shipment],
      events: [
        event(1, { kind: 'placed', source: 'user', userId: 7, userName: 'Ada Adviser', toStatus: 1 }),
        event(2, { kind: 'sent' }),
        event(3, { kind: 'status', source: 'plant', fromStatus: 1, toStatus: 11 }),
        event(4, { kind: 'shipment', source: 'plant', fromStatus: 11, toStatus: 2, data: { shipmentId: 40 } }),
      ],
    });
    renderAt('/admin/orders/12');
    expect(await screen.findByRole('heading', { level: 2, name: 'ORD-26-00012' }, { timeout: 10_000 })).toBeTruthy();
    const calledWith = calls.find((call) => call.url.pathname === '/api/orders/12')!.url;
    expect(calledWith.searchParams.get('include')).toBe('account,project,manufacturer,plant,shipments,events');

    const timeline = screen.getByRole('list', { name: 'Order timeline' });
    const lines = within(timeline)
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toMatch(/^Order placed/);
    expect(lines[0]).toContain('Ada Adviser');
    expect(lines[1]).toMatch(/^Sent to the plant/);
    expect(lines[1]).toContain('Colophon');
    expect(lines[2]).toMatch(/^Status changed/);
    expect(lines[2]).toContain('Submitted → In Production');
    expect(lines[2]).toContain('Phoenix');
    expect(lines[3]).toMatch(/^Shipment/);
    expect(lines[4]).toMatch(/^Delivered/);
    expect(lines[4]).toContain('Not yet');

    const track = within(timeline).getByRole('link', { name: /Track 1Z999AA10123456784 with UPS/ });
    expect(track.getAttribute('href')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(track.getAttribute('target')).toBe('_blank');
    expect(track.getAttribute('rel')).toContain('noopener');
    const shipments = screen.getByRole('table', { name: 'Shipments' });
    expect(within(shipments).getByText('School copies')).toBeTruthy();
    expect(within(shipments).getByRole('link', { name: /Track 1Z999AA10123456784/ })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'ticket-1.xml' })).toBeTruthy();
  });

  it('says when the order waits for the branch office to pay', async () => {
    order = makeOrder({
      displayStatus: 'Waiting for Payment',
      sentAt: null,
      account: { id: 10, code: 'LHS', name: 'Lincoln High School', parentMustPayBeforeProduction: true },
      events: [event(1, { kind: 'waiting_payment' })],
    });
    waitingForPayment = true;
    renderAt('/admin/orders/12');
    expect(
      await screen.findByText(/Waiting for payment: the branch office pays before production/, {}, { timeout: 10_000 }),
    ).toBeTruthy();
    const lines = within(screen.getByRole('list', { name: 'Order timeline' })).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent?.split('Not yet')[0])).toEqual([
      expect.stringMatching(/^Waiting for payment/),
      'Sent to the plant',
      'Shipped',
      'Delivered',
    ]);
  });

  it('says an order it cannot see is not found', async () => {
    renderAt('/admin/orders/999');
    expect(await screen.findByText('Order not found', {}, { timeout: 10_000 })).toBeTruthy();
  });
});

describe('ordering from an approved proof', () => {
  it('opens the drawer with the project’s copies, shows a 400’s field error on its field, then opens the new order', async () => {
    let refused = true;
    createAnswer = () => {
      if (refused) {
        refused = false;
        return problemResponse(400, 'Check the order.', {
          errors: [{ path: 'typeOrder', message: 'A redo needs an earlier production order' }],
        });
      }
      return jsonResponse(makeOrder({ id: 13, externalId: 'ORD-26-00013' }), { status: 201 });
    };
    const router = renderAt('/admin/proofs/5');
    await userEvent.click(await screen.findByRole('button', { name: 'Order' }, { timeout: 10_000 }));
    const drawer = await screen.findByRole('dialog', { name: 'Order Lincoln Yearbook 2026' });
    const copies = await within(drawer).findByRole('textbox', { name: 'Copies' });
    await waitFor(() => expect((copies as HTMLInputElement).value).toBe('150'));

    await userEvent.click(within(drawer).getByRole('combobox', { name: 'Order type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Redo' }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Place order' }));
    // The shipping method is required before anything is sent.
    expect(await within(drawer).findByText('Choose a shipping method')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST' && call.url.pathname === '/api/orders')).toHaveLength(0);

    await userEvent.click(within(drawer).getByRole('combobox', { name: 'Shipping method' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Plant Pickup' }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Place order' }));
    expect(await within(drawer).findByText('A redo needs an earlier production order')).toBeTruthy();
    const posted = calls.filter((call) => call.method === 'POST' && call.url.pathname === '/api/orders');
    expect(posted[0]?.body).toEqual({
      proofId: 5,
      typeOrder: 3,
      copies: 150,
      countExtras: 0,
      bCombineCopies: false,
      shippingMethod: 'PP',
      isExpedited: false,
    });

    await userEvent.click(within(drawer).getByRole('combobox', { name: 'Order type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Production' }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Order ORD-26-00013 is placed.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders/13'));
  });

  it('says when the order placed waits for payment', async () => {
    createAnswer = () =>
      jsonResponse(makeOrder({ id: 13, externalId: 'ORD-26-00013', displayStatus: 'Waiting for Payment' }), {
        status: 201,
      });
    renderAt('/admin/proofs/5');
    await userEvent.click(await screen.findByRole('button', { name: 'Order' }, { timeout: 10_000 }));
    const drawer = await screen.findByRole('dialog', { name: 'Order Lincoln Yearbook 2026' });
    await waitFor(() =>
      expect((within(drawer).getByRole('textbox', { name: 'Copies' }) as HTMLInputElement).value).toBe('150'),
    );
    await userEvent.click(within(drawer).getByRole('combobox', { name: 'Shipping method' }));
    await userEvent.click(await screen.findByRole('option', { name: 'FedEx Ground' }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Order ORD-26-00013 waits for payment.')).toBeTruthy();
  });
});
