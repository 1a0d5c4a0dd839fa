/**
 * Why an uploaded OneRoster bundle is refused. The import route answers each with a 400 naming the
 * `file` field; nothing of a refused bundle is ever written.
 */
export const rosterBundleErrorCodes = [
  /** The upload is not a zip archive (or its directory at the end is damaged). */
  'not_a_zip',
  /** The upload, or its manifest, is larger than we read. */
  'too_large',
  'too_many_entries',
  /** Inflates to more than we allow, at a ratio no CSV has, or its entries overlap. */
  'zip_bomb',
  /** An entry's path escapes the bundle (`../`, absolute, a drive letter, backslashes) or is a link. */
  'unsafe_path',
  /** Encrypted, split over several disks, or compressed with a method other than stored or deflate. */
  'unsupported_entry',
  /** An entry's data does not match what the archive's directory says (sizes, checksum, names). */
  'corrupt',
  'missing_manifest',
  /** Two files could be the same OneRoster file (two manifest.csv, users.csv in two folders). */
  'ambiguous',
  'not_utf8',
  'malformed_csv',
] as const;
export type RosterBundleErrorCode = (typeof rosterBundleErrorCodes)[number];

export class RosterBundleError extends Error {
  readonly code: RosterBundleErrorCode;
  /** The zip entry at fault, as it is named in the zip. */
  readonly entry: string | undefined;
  /** The physical line of a CSV fault. */
  readonly line: number | undefined;

  constructor(code: RosterBundleErrorCode, message: string, options: { entry?: string; line?: number } = {}) {
    super(message);
    this.name = 'RosterBundleError';
    this.code = code;
    this.entry = options.entry;
    this.line = options.line;
  }
}
