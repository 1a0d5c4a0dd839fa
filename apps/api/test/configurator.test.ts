import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { projects, proofs } from '@colophon/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configuratorSettings, createHttpConfigurator } from '../src/integrations/configurator';
import { ADVISER, createTestApp, SUPER, type TestApp } from './harness';

/** A stand-in configurator on a local port: it answers what each test sets, and records what it was asked. */
interface FakeConfigurator {
  url: string;
  asked: { url: string | undefined; authorization: string | undefined }[];
  answer: (request: IncomingMessage) => { status: number; body: string; delayMs?: number };
  close(): Promise<void>;
}

async function startFakeConfigurator(): Promise<FakeConfigurator> {
  const fake: Omit<FakeConfigurator, 'url' | 'close'> = {
    asked: [],
    answer: () => ({ status: 200, body: JSON.stringify({ pages: [] }) }),
  };
  const server: Server = createServer((request, response) => {
    fake.asked.push({ url: request.url, authorization: request.headers.authorization });
    const { status, body, delayMs } = fake.answer(request);
    const send = () => response.writeHead(status, { 'content-type': 'application/json' }).end(body);
    if (delayMs) setTimeout(send, delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/configurator/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

const TOKEN = 'wip-access-token-0123456789';

describe('the HTTP configurator adapter', () => {
  let fake: FakeConfigurator;
  beforeAll(async () => {
    fake = await startFakeConfigurator();
  });
  afterAll(async () => fake.close());
  const adapter = (timeoutMs = 2_000) =>
    createHttpConfigurator(configuratorSettings(fake.url, TOKEN, timeoutMs) ?? { url: '', accessToken: '', timeoutMs });

  it('asks GET dashboard/wip/{id} with the bearer token and gives the pages in order', async () => {
    fake.answer = () => ({
      status: 200,
      body: JSON.stringify({
        status: 'editing',
        updatedAt: '2026-11-20T10:00:00Z',
        extra: 'ignored',
        pages: [
          { page: 2, imageUrl: 'https://cdn.example.test/p2.jpg', width: 800, height: 1000 },
          { page: 1, imageUrl: 'https://cdn.example.test/p1.jpg', thumbUrl: 'https://cdn.example.test/t1.jpg' },
        ],
      }),
    });
    const wip = await adapter().workInProgress({ projectId: 42 });
    expect(fake.asked.at(-1)).toEqual({ url: '/configurator/dashboard/wip/42', authorization: `Bearer ${TOKEN}` });
    expect(wip).toEqual({
      projectId: 42,
      source: 'configurator',
      proofId: null,
      status: 'editing',
      updatedAt: '2026-11-20T10:00:00Z',
      pages: [
        {
          page: 1,
          imageUrl: 'https://cdn.example.test/p1.jpg',
          thumbUrl: 'https://cdn.example.test/t1.jpg',
          width: null,
          height: null,
        },
        {
          page: 2,
          imageUrl: 'https://cdn.example.test/p2.jpg',
          thumbUrl: 'https://cdn.example.test/p2.jpg',
          width: 800,
          height: 1000,
        },
      ],
    });
  });

  it('reads a book the configurator does not know (404) as no pages yet', async () => {
    fake.answer = () => ({ status: 404, body: JSON.stringify({ message: 'no such book' }) });
    expect((await adapter().workInProgress({ projectId: 7 })).pages).toEqual([]);
  });

  it.each([
    {
      name: 'a refused token',
      status: 401,
      body: '{}',
      message: /refused the request \(HTTP 401\) \(its access token was not accepted\)/,
    },
    {
      name: 'a failure with its words',
      status: 500,
      body: JSON.stringify({ message: 'render farm down' }),
      message: /HTTP 500\): render farm down/,
    },
    { name: 'an answer that is not JSON', status: 200, body: '<html>', message: /not JSON/ },
    {
      name: 'an unsafe image address',
      status: 200,
      body: JSON.stringify({ pages: [{ page: 1, imageUrl: 'javascript:alert(1)' }] }),
      message: /cannot read/,
    },
  ])('turns $name into a 502 saying so, without the URL or the token', async ({ status, body, message }) => {
    fake.answer = () => ({ status, body });
    const failure = adapter().workInProgress({ projectId: 1 });
    await expect(failure).rejects.toMatchObject({
      code: 'integration_failed',
      message: expect.stringMatching(message),
    });
    const error = await failure.catch((caught: Error) => caught);
    expect(String(error)).not.toContain(TOKEN);
    expect(String(error)).not.toContain('127.0.0.1');
  });

  it('gives up after its deadline', async () => {
    fake.answer = () => ({ status: 200, body: '{"pages":[]}', delayMs: 1_000 });
    await expect(adapter(100).workInProgress({ projectId: 1 })).rejects.toMatchObject({
      message: expect.stringMatching(/did not answer within 0.1 s/),
    });
  });

  it('says plainly when the configurator cannot be reached', async () => {
    const unreachable = createHttpConfigurator({ url: 'http://127.0.0.1:1', accessToken: TOKEN, timeoutMs: 2_000 });
    await expect(unreachable.workInProgress({ projectId: 1 })).rejects.toMatchObject({
      message: 'The layout configurator could not be reached. Try again later.',
    });
  });

  it('wants the URL and the token together', () => {
    expect(configuratorSettings(undefined, undefined, 1_000)).toBeNull();
    expect(() => configuratorSettings('https://wip.example.test', undefined, 1_000)).toThrow(/go together/);
    expect(() => configuratorSettings(undefined, TOKEN, 1_000)).toThrow(/go together/);
    expect(configuratorSettings('https://wip.example.test/', TOKEN, 1_000)?.url).toBe('https://wip.example.test');
  });
});

describe('GET /api/projects/:id/work_in_progress', () => {
  let t: TestApp;
  let withProof: { projectId: number; proofId: number };
  let adviserProject: number;
  let otherProject: number;
  beforeAll(async () => {
    t = await createTestApp();
    // The demo's proofs are processed by the workers, which a test app does not run: one proof is
    // given what the pipeline leaves (page images and their manifest in the file store).
    const [proof] = await t.handle.db.select({ projectId: proofs.projectId, proofId: proofs.id }).from(proofs).limit(1);
    if (!proof) throw new Error('the demo has no proof');
    withProof = proof;
    const { files } = t.app.services;
    const viewerKey = `proofs/${proof.proofId}/wip-test/page-1.webp`;
    await files.put(viewerKey, Buffer.from('RIFF----WEBPVP8 '), 'image/webp');
    const manifest = {
      version: 1,
      proofId: String(proof.proofId),
      pageCount: 1,
      format: 'webp',
      thumbFormat: 'webp',
      createdAt: '2026-11-20T10:00:00.000Z',
      pages: [
        { page: 1, widthPts: 612, heightPts: 792, thumb: null, viewer: { key: viewerKey, width: 1600, height: 2070 } },
      ],
    };
    const manifestKey = `proofs/${proof.proofId}/wip-test/manifest.json`;
    await files.put(manifestKey, Buffer.from(JSON.stringify(manifest)), 'application/json');
    await t.handle.db
      .update(proofs)
      .set({ processingStatus: 2, manifestKey, createdAt: new Date('2099-01-01T00:00:00Z') })
      .where(eq(proofs.id, proof.proofId));
    const visible = await t.call({ method: 'GET', url: '/api/projects?perPage=100', as: ADVISER });
    const ids = new Set<number>(visible.json().data.map((project: { id: number }) => project.id));
    const all = await t.handle.db.select({ id: projects.id }).from(projects);
    adviserProject = [...ids][0] ?? 0;
    otherProject = all.find((project) => !ids.has(project.id))?.id ?? 0;
  });
  afterAll(async () => t.close());

  it("offline, shows the latest processed proof's pages behind signed links", async () => {
    const response = await t.call({
      method: 'GET',
      url: `/api/projects/${withProof.projectId}/work_in_progress`,
      as: SUPER,
    });
    expect(response.statusCode).toBe(200);
    const wip = response.json();
    expect(wip).toMatchObject({ projectId: withProof.projectId, source: 'latest_proof', status: null });
    expect(wip.proofId).toBe(withProof.proofId);
    expect(wip.pages).toHaveLength(1);
    expect(wip.pages[0]).toMatchObject({ page: 1, thumbUrl: null, width: 1600, height: 2070 });
    expect(wip.pages[0].imageUrl).toMatch(/^\/api\/files\/signed\/.+signature=/);
    const image = await t.call({ method: 'GET', url: wip.pages[0].imageUrl });
    expect(image.statusCode).toBe(200);
  });

  it("answers a project of the caller's own, and 404 for another tenant's (the configurator is not asked)", async () => {
    expect(adviserProject).toBeGreaterThan(0);
    expect(otherProject).toBeGreaterThan(0);
    const own = await t.call({ method: 'GET', url: `/api/projects/${adviserProject}/work_in_progress`, as: ADVISER });
    expect(own.statusCode).toBe(200);
    const other = await t.call({ method: 'GET', url: `/api/projects/${otherProject}/work_in_progress`, as: ADVISER });
    expect(other.statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/projects/${adviserProject}/work_in_progress` })).statusCode).toBe(
      401,
    );
    expect((await t.call({ method: 'GET', url: '/api/projects/abc/work_in_progress', as: ADVISER })).statusCode).toBe(
      400,
    );
  });
});
