import { existsSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite's output names carry a hash of their content: a changed file is a new URL. */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
/** index.html and the unhashed files (favicon): the browser asks again every time (a 304 is cheap). */
export const REVALIDATED_CACHE = 'no-cache';
/** API answers smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** JSON, problem+json, CSV and other text: not octet-stream (files, streamed with their length). */
const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)/u;

/**
 * Compression of API answers over 1 kB with br or gzip, as the client asks. Not of the web app's
 * files (built precompressed, see serveWebApp) nor of stored files (`/api/files/…`: large, mostly
 * compressed already, streamed with Content-Length, and a download must keep its length). Request
 * bodies are never inflated: an upload is stored as sent, and an inflated body would slip past
 * the body limit.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Added before the plugin's own onRoute hook, so it reads the `compress: false` set here.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/files/')) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPES,
  });
}

/**
 * A path the browser may navigate to in the dashboard: everything but the API, the built assets
 * and file names. A missing `/assets/x.js` or `/favicon.ico` must be a 404: answered with
 * index.html, a stale chunk would fail as a MIME-type error instead of a load failure, and the
 * browser would take the page for an icon.
 */
export function isClientRoute(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  if (path.startsWith('/api/') || path === '/api' || path.startsWith('/assets/')) return false;
  // The roster service's paths, whether this process serves them or ROSTER_URL does.
  if (path.startsWith('/roster/') || path === '/roster') return false;
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  return !/\.[A-Za-z0-9]+$/.test(lastSegment);
}

/**
 * The built dashboard, same origin as the API. Each file is sent as its `.br` or `.gz` twin, written
 * at build time (apps/web/vite-precompress.ts), when the browser accepts that encoding; hashed
 * assets are cached for a year, everything else revalidated. Says whether there is a build.
 */
export async function serveWebApp(app: FastifyInstance, configured: string | undefined): Promise<boolean> {
  const root = resolve(configured ?? new URL('../../../web/dist', import.meta.url).pathname);
  if (!existsSync(resolve(root, 'index.html'))) return false;
  const assetsFolder = `assets${sep}`;
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    // The twins are sent in place of their file, never as URLs of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
    cacheControl: false,
    setHeaders: (reply, path) => {
      const hashed = relative(root, path).startsWith(assetsFolder);
      reply.header('cache-control', hashed ? HASHED_ASSET_CACHE : REVALIDATED_CACHE);
    },
  });
  return true;
}
