import { queueUploads } from '@colophon/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueDemoProofs } from '../src/modules/proofs/demo';
import { checkUploadedPdf } from '../src/modules/uploads/validate';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('demo proofs', () => {
  it('puts real generated PDFs in the file store and queues them once', async () => {
    expect(await enqueueDemoProofs(t.app.services)).toBe(4);
    const rows = await t.handle.db.select().from(queueUploads);
    expect(rows).toHaveLength(4);
    const payloads = rows.map((row) => row.payload as { fileKey: string; projectId: number });
    expect(new Set(payloads.map((payload) => payload.projectId)).size).toBe(4);
    for (const payload of payloads) {
      const stored = await t.app.services.files.get(payload.fileKey);
      expect(await checkUploadedPdf(stored ? new Uint8Array(stored) : null)).toHaveProperty('pageCount');
    }
    expect(await enqueueDemoProofs(t.app.services)).toBe(0);
  }, 120_000);
});
