import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * pdf.js's legacy build installs core-js polyfills for the whole thread when it loads (Uint8Array
 * base64 helpers that jose then used, and on Node 20 a JSON.stringify that walks every value through
 * a replacer): it belongs in the page worker threads only. What main.ts loads must not pull it in.
 * Checked in a fresh process, since a test worker may already have loaded it for another file.
 */
describe('the API process', () => {
  it('does not load pdf.js in its main thread', async () => {
    const script = `
      const stringify = JSON.stringify;
      for (const path of ['./src/app.ts', './src/services.ts', './src/modules/proofs/workers.ts',
        './src/modules/proofs/demo.ts', './src/modules/proofs/epub.ts', './src/modules/notifications/worker.ts']) {
        await import(path);
      }
      console.log(JSON.stringify({ pdfjs: 'pdfjsLib' in globalThis, nativeStringify: JSON.stringify === stringify }));
    `;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '--eval', script],
      { cwd: apiRoot, timeout: 60_000 },
    );
    expect(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}')).toEqual({ pdfjs: false, nativeStringify: true });
  });
});
