// Entry of a page worker thread. The server runs TypeScript without a build step (through tsx), and a
// worker thread does not inherit the parent's loader: register it here, then load the worker itself.
const { register } = await import('tsx/esm/api');
register();
await import(new URL('./page-worker.ts', import.meta.url).href);
