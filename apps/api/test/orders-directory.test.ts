import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalFileStore } from '../src/integrations/files/file-store';
import { createS3FileStore } from '../src/integrations/files/s3-file-store';
import { orderDirectoryPath } from '../src/modules/orders/directory';
import { type RunningS3, startS3rver } from './file-store-s3rver';
import { ADVISER, OWNER, SUPER, type TestApp } from './harness';
import { createPlantTestApp, insertOrder, type OrderRow } from './plant-fixtures';

let t: TestApp;
let order: OrderRow;
let foreign: OrderRow;

beforeAll(async () => {
  t = await createPlantTestApp();
  order = await insertOrder(t);
  foreign = await insertOrder(t, 'Oak Valley High School');
  const { files } = t.app.services;
  await files.put(`orders/${order.id}/tickets/1-send.xml`, Buffer.from('<JobTicket/>'), 'application/xml');
  await files.put(`orders/${order.id}/personalization/7.csv`, Buffer.from('name\nAda'), 'text/csv');
  await files.put(`orders/${foreign.id}/tickets/1-send.xml`, Buffer.from('<secret/>'), 'application/xml');
});
afterAll(() => t?.close());

const list = (path: string, as: string) => t.call({ method: 'GET', url: `/api/orders/directory/contents/${path}`, as });

describe('GET orders/directory/contents/{path}', () => {
  it("lists the order's folder and a folder in it, with signed links that open the files", async () => {
    const top = await list(String(order.id), ADVISER);
    expect(top.statusCode).toBe(200);
    expect(top.json()).toMatchObject({
      orderId: order.id,
      path: String(order.id),
      entries: [
        { name: 'personalization', kind: 'folder', path: `${order.id}/personalization`, url: null, size: null },
        { name: 'tickets', kind: 'folder', path: `${order.id}/tickets`, url: null },
      ],
    });
    const tickets = await list(encodeURIComponent(`${order.id}/tickets`), ADVISER);
    expect(tickets.statusCode).toBe(200);
    const [entry] = tickets.json().entries;
    expect(entry).toMatchObject({ name: '1-send.xml', kind: 'file', path: `${order.id}/tickets/1-send.xml`, size: 12 });
    const opened = await t.call({ method: 'GET', url: entry.url });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toBe('<JobTicket/>');
  });

  it('answers an empty list for a folder the order does not have yet', async () => {
    const response = await list(encodeURIComponent(`${order.id}/proofs`), SUPER);
    expect(response.json()).toMatchObject({ entries: [] });
  });

  it("answers 404 for another tenant's order and one that does not exist", async () => {
    expect((await list(String(foreign.id), ADVISER)).statusCode).toBe(404);
    expect((await list(String(foreign.id), OWNER)).statusCode).toBe(404);
    expect((await list('999999', SUPER)).statusCode).toBe(404);
  });

  it('never climbs out of the order: every traversal is a 400 or a 404 and lists nothing of another order', async () => {
    const attempts = [
      `${order.id}/../${foreign.id}`,
      encodeURIComponent(`${order.id}/../${foreign.id}`),
      encodeURIComponent(`${order.id}/../${foreign.id}/tickets`),
      '%2e%2e',
      encodeURIComponent(`${order.id}/..%2f${foreign.id}`),
      `${order.id}%2F..%2F${foreign.id}`,
      `${order.id}%2F%252e%252e%2F${foreign.id}`,
      encodeURIComponent('/etc'),
      encodeURIComponent(`${order.id}\\..\\${foreign.id}`),
      encodeURIComponent(`${order.id}/./tickets`),
      encodeURIComponent(`${order.id}//tickets`),
      encodeURIComponent(`${order.id}/tickets/`),
      encodeURIComponent(`${order.id}/tickets\u0000`),
      encodeURIComponent(`${order.id}/TICKETS`),
      `${order.id}%00`,
      encodeURIComponent(`../${foreign.id}`),
      encodeURIComponent(`-1/tickets`),
      encodeURIComponent(`0${foreign.id}`),
      encodeURIComponent(`${foreign.id}.0`),
      encodeURIComponent(`${order.id}/..`),
    ];
    for (const path of attempts) {
      const response = await list(path, ADVISER);
      expect([400, 404], path).toContain(response.statusCode);
      expect(response.body, path).not.toContain('secret');
      expect(response.body, path).not.toContain(`"orderId":${foreign.id}`);
      if (response.statusCode === 400) expect(response.json().errors?.[0]?.path, path).toBe('path');
    }
  });

  it.each([
    ['12', { orderId: 12, segments: [] }],
    ['12/tickets', { orderId: 12, segments: ['tickets'] }],
    ['12/tickets/old-1', { orderId: 12, segments: ['tickets', 'old-1'] }],
  ])('reads %s', (path, expected) => {
    expect(orderDirectoryPath(path)).toEqual(expected);
  });
});

describe('list() of the file stores', () => {
  it('on disk: one level, no symbolic links followed, nothing outside the store', async () => {
    const root = await mkdtemp(join(tmpdir(), 'colophon-list-'));
    const outside = await mkdtemp(join(tmpdir(), 'colophon-outside-'));
    try {
      const files = createLocalFileStore(root, new TextEncoder().encode('a-test-secret-of-32-characters!!'));
      await files.put('orders/1/tickets/1-send.xml', Buffer.from('abc'), 'application/xml');
      await files.put('orders/1/a.csv', Buffer.from('x'), 'text/csv');
      await writeFile(join(outside, 'passwd'), 'root:x:0:0');
      await symlink(outside, join(root, 'orders/1/escape'));
      await symlink(join(outside, 'passwd'), join(root, 'orders/1/passwd'));
      await mkdir(join(root, 'orders/2'), { recursive: true });
      await symlink(outside, join(root, 'orders/2/tickets'));
      const entries = await files.list('orders/1/');
      expect(entries.map((entry) => [entry.name, entry.kind, entry.size])).toEqual([
        ['a.csv', 'file', 1],
        ['tickets', 'folder', null],
      ]);
      expect(await files.list('orders/1/escape/')).toEqual([]);
      expect(await files.list('orders/2/tickets/')).toEqual([]);
      expect(await files.list('orders/3/')).toEqual([]);
      await expect(files.list('orders/../../')).rejects.toThrow(/Invalid file key/);
      await expect(files.list('orders/1')).rejects.toThrow(/Invalid folder key/);
    } finally {
      await rm(root, { recursive: true, force: true });
      await rm(outside, { recursive: true, force: true });
    }
  });

  describe('on S3 (s3rver)', () => {
    let s3: RunningS3;
    beforeAll(async () => {
      s3 = await startS3rver();
    });
    afterAll(async () => s3?.close());

    it('lists one level with ListObjectsV2 and a delimiter', async () => {
      const files = await createS3FileStore(s3.settings);
      await files.put('orders/1/tickets/1-send.xml', Buffer.from('abc'), 'application/xml');
      await files.put('orders/1/tickets/2-move.xml', Buffer.from('abcd'), 'application/xml');
      await files.put('orders/1/a.csv', Buffer.from('x'), 'text/csv');
      await files.put('orders/10/b.csv', Buffer.from('y'), 'text/csv');
      expect((await files.list('orders/1/')).map((entry) => [entry.name, entry.kind, entry.size])).toEqual([
        ['a.csv', 'file', 1],
        ['tickets', 'folder', null],
      ]);
      const tickets = await files.list('orders/1/tickets/');
      expect(tickets.map((entry) => entry.name)).toEqual(['1-send.xml', '2-move.xml']);
      expect(tickets[0]?.modifiedAt).toBeInstanceOf(Date);
      expect(await files.list('orders/2/')).toEqual([]);
    });
  });
});
