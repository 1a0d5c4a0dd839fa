import { createRequire } from 'node:module';

/**
 * pdf-lib's parser copies every stream's bytes out of the file it reads (`ByteStream.slice`), so a
 * loaded document holds the file a second time: 1.6 GB more for a 1.6 GB book, though the checks
 * read only page boxes and fonts. Here its streams are views of the file instead. Safe because
 * pdf-lib never writes into a stream it parsed, and every caller keeps the bytes it loads unchanged
 * while the document lives (processProof's shared copy is never written after it is read).
 * Installed once; if pdf-lib moves its parser, the copy stays (slower to free, same results).
 */
let installed = false;

export function parseStreamsAsViews(): void {
  if (installed) return;
  installed = true;
  try {
    const require = createRequire(import.meta.url);
    const { default: ByteStream } = require('pdf-lib/cjs/core/parser/ByteStream') as {
      default: { prototype: { bytes: Uint8Array; slice(start: number, end: number): Uint8Array } };
    };
    if (typeof ByteStream?.prototype?.slice !== 'function') return;
    ByteStream.prototype.slice = function slice(start: number, end: number) {
      return this.bytes.subarray(start, end);
    };
  } catch {
    // Another pdf-lib layout: keep its copying parser.
  }
}
