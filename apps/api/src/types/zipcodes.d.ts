/** The `zipcodes` package (offline US ZIP codes and Canadian FSAs) ships no types: what we use of it. */
declare module 'zipcodes' {
  export interface ZipCodeEntry {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    /** A US state's two letters, or a Canadian province's full name. */
    state: string;
    country: 'US' | 'Canada';
  }
  /** A US ZIP (5 digits) or the first three characters of a Canadian postal code, upper case. */
  export function lookup(zip: string): ZipCodeEntry | undefined;
  /** Great-circle miles between two codes, rounded; null when either is unknown. */
  export function distance(zipA: string, zipB: string): number | null;
  const zipcodes: { lookup: typeof lookup; distance: typeof distance };
  export default zipcodes;
}
