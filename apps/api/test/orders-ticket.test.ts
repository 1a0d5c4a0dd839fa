import { auditLog, orderEvents, orders } from '@colophon/db';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTicket, loadTicketInput, parseTicket } from '../src/modules/orders/ticket';
import { ADVISER, OWNER, SUPER, type TestApp } from './harness';
import { createPlantTestApp, insertOrder, type OrderRow } from './plant-fixtures';

let t: TestApp;
let order: OrderRow;
let foreign: OrderRow;
let built: string;

beforeAll(async () => {
  t = await createPlantTestApp();
  order = await insertOrder(t);
  foreign = await insertOrder(t, 'Oak Valley High School');
  const input = await loadTicketInput(t.handle.db, order.id);
  if (!input) throw new Error('no ticket input');
  built = buildTicket(input);
});
afterAll(() => t?.close());

const xmlOf = (id: number, as: string) => t.call({ method: 'GET', url: `/api/orders/${id}/xml`, as });
const putXml = (id: number, as: string, xml: string, reason = 'The plant asked for it') =>
  t.call({ method: 'PUT', url: `/api/orders/${id}/xml`, as, payload: { xml, reason } });

describe('the job ticket', () => {
  it('is built from the order and its book specification, with codes and labels, and passes its schema', () => {
    expect(built).toContain('<JobTicket version="1">');
    expect(built).toContain(`<ExternalId>${order.externalId}</ExternalId>`);
    expect(built).toContain('<Type code="5" label="Standard Hard Cover"/>');
    expect(built).toContain('<Pages>96</Pages>');
    expect(built).toContain('<Application code="3" label="Spot UV"/>');
    expect(built).toContain('<Method code="UG" label="UPS Ground"/>');
    expect(built).toContain('<Manufacturer code="BLT1"');
    expect(built).toContain('<ShipBy>2026-05-15</ShipBy>');
    const parsed = parseTicket(built);
    expect(parsed.ok).toBe(true);
  });

  const edit = (from: string, to: string) => {
    expect(built).toContain(from);
    return built.replace(from, to);
  };

  it.each([
    [
      'pages out of range',
      () => edit('<Pages>96</Pages>', '<Pages>2</Pages>'),
      'JobTicket/Book/Pages: must be a whole number from 4 to 1000',
    ],
    [
      'pages not a number',
      () => edit('<Pages>96</Pages>', '<Pages>lots</Pages>'),
      'JobTicket/Book/Pages: must be a whole number from 4 to 1000',
    ],
    [
      'copies too many',
      () => edit('<Copies>120</Copies>', '<Copies>100001</Copies>'),
      'JobTicket/Book/Copies: must be a whole number from 1 to 100000',
    ],
    [
      'a required element missing',
      () => edit('<Copies>120</Copies>', ''),
      'JobTicket/Book/Copies: must be a whole number from 1 to 100000',
    ],
    [
      'an unknown element',
      () => edit('<Pages>96</Pages>', '<Pages>96</Pages><Glitter>yes</Glitter>'),
      'JobTicket/Book/Glitter: unknown element or attribute',
    ],
    [
      'an element twice',
      () => edit('<Pages>96</Pages>', '<Pages>96</Pages><Pages>97</Pages>'),
      'JobTicket/Book/Pages: must be a whole number from 4 to 1000',
    ],
    [
      'an unknown code',
      () => edit('<Type code="5" label="Standard Hard Cover"/>', '<Type code="55"/>'),
      'JobTicket/Book/Type/@code: must be one of the book type codes 1, 2, 3, 4, 5, 6, 7, 8, 9, 10',
    ],
    [
      'a date that is not one',
      () => edit('<ShipBy>2026-05-15</ShipBy>', '<ShipBy>2026-02-30</ShipBy>'),
      'JobTicket/Order/ShipBy: must be a real date YYYY-MM-DD',
    ],
    [
      'a date in another form',
      () => edit('<ShipBy>2026-05-15</ShipBy>', '<ShipBy>05/15/2026</ShipBy>'),
      'JobTicket/Order/ShipBy: must be a date YYYY-MM-DD',
    ],
    [
      'another version',
      () => edit('<JobTicket version="1">', '<JobTicket version="2">'),
      'JobTicket/@version: must be version="1"',
    ],
    ['another root', () => '<Ticket/>', 'JobTicket: the root element must be JobTicket'],
  ])('refuses %s, naming the element', (_what, make, message) => {
    expect(parseTicket(make())).toEqual({ ok: false, message });
  });

  it('names the line of malformed XML', () => {
    const parsed = parseTicket('<JobTicket version="1">\n<Order>\n</JobTicket>');
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.message).toMatch(/^Malformed XML at line 3: /);
  });

  it.each([
    [
      'an external entity (XXE)',
      '<?xml version="1.0"?>\n<!DOCTYPE JobTicket [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<JobTicket version="1">&x;</JobTicket>',
    ],
    [
      'an entity expansion bomb',
      '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><JobTicket>&lol2;</JobTicket>',
    ],
    ['a lower-case doctype', '<!doctype JobTicket><JobTicket version="1"/>'],
  ])('refuses %s before parsing', (_what, xml) => {
    expect(parseTicket(xml)).toEqual({
      ok: false,
      message: 'JobTicket: a DOCTYPE or entity declaration is not allowed',
    });
  });

  it('reads the predefined entities and character references, and no other', () => {
    const parsed = parseTicket(edit(`<Name>`, `<Name>A &amp; B &#x41; `));
    expect(parsed.ok && parsed.document.JobTicket.Customer.Name).toMatch(/^A & B A /);
  });
});

describe("the demo's orders", () => {
  it('each has a built ticket that passes its schema (what the order admin edits and the plant gets)', async () => {
    const all = await t.handle.db.select({ id: orders.id }).from(orders);
    expect(all.length).toBeGreaterThan(2);
    const failures: string[] = [];
    for (const { id } of all) {
      const input = await loadTicketInput(t.handle.db, id);
      const parsed = parseTicket(input ? buildTicket(input) : '');
      if (!parsed.ok) failures.push(`${id}: ${parsed.message}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('GET and PUT orders/{id}/xml', () => {
  it('answers the built ticket to whoever sees the order, 404 to another tenant', async () => {
    const response = await xmlOf(order.id, ADVISER);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ orderId: order.id, source: 'built', updatedAt: null, xml: built });
    expect((await xmlOf(foreign.id, ADVISER)).statusCode).toBe(404);
    expect((await xmlOf(foreign.id, OWNER)).statusCode).toBe(404);
    expect((await xmlOf(999_999, SUPER)).statusCode).toBe(404);
  });

  it('is edited only by the order admin', async () => {
    expect((await putXml(order.id, ADVISER, built)).statusCode).toBe(403);
    expect((await putXml(order.id, OWNER, built)).statusCode).toBe(403);
  });

  it('refuses a ticket that fails its schema with a 400 naming the element, and saves nothing', async () => {
    const bad = built.replace('<Pages>96</Pages>', '<Pages>3</Pages>');
    const response = await putXml(order.id, SUPER, bad);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'xml', message: 'JobTicket/Book/Pages: must be a whole number from 4 to 1000' },
    ]);
    const xxe = await putXml(order.id, SUPER, '<!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>');
    expect(xxe.statusCode).toBe(400);
    const [row] = await t.handle.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.xml).toBeNull();
    expect(row?.xmlUpdatedAt).toBeNull();
  });

  it('saves an edited ticket, logs it on the timeline with the reason and fingerprints, and answers it from then on', async () => {
    const edited = built.replace('<Copies>120</Copies>', '<Copies>150</Copies>');
    const response = await putXml(order.id, SUPER, edited, 'The school wants 30 more');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ orderId: order.id, source: 'edited', xml: edited });
    const again = await xmlOf(order.id, ADVISER);
    expect(again.json()).toMatchObject({ source: 'edited', xml: edited });
    expect(again.json().updatedAt).not.toBeNull();

    const lines = await t.handle.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, 'ticket_edited')));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ source: 'user', message: 'The school wants 30 more' });
    const data = lines[0]?.data as { previous: { length: number; sha256: string }; next: { length: number } };
    expect(data.previous.length).toBe(built.length);
    expect(data.next.length).toBe(edited.length);
    expect(JSON.stringify(data)).not.toContain('<JobTicket');

    const [audit] = await t.handle.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(JSON.stringify(audit?.detail)).toContain('The school wants 30 more');
  });
});
