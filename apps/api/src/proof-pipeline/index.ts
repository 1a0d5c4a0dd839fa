/**
 * The proof pipeline (issue 4): a school's uploaded PDF is checked the way a printer's prepress
 * department would (`preflight`), its pages are drawn to viewer images and thumbnails in worker
 * threads (`renderPages`), and `processProof` does both in one pass over the pages. No HTTP here:
 * the queue_proofs handler and the routes are built on top.
 */
export * from './book-spec';
export * from './preflight/index';
export * from './process-proof';
export * from './render/index';
