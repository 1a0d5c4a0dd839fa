/**
 * The image-resolution codes the plants print to, with the least resolution each accepts. The spec
 * does not list them: these codes and their minimums are ours (issue 11), answered by `GET dpi_codes`.
 */
export interface DpiCode {
  code: string;
  label: string;
  minimumDpi: number;
}

export const dpiCodes: readonly DpiCode[] = [
  { code: 'STD', label: 'Standard photos', minimumDpi: 300 },
  { code: 'MIN', label: 'Minimum accepted for photos', minimumDpi: 200 },
  { code: 'LINE', label: 'Line art and text', minimumDpi: 600 },
  { code: 'COVER', label: 'Cover images', minimumDpi: 300 },
];

/** The code's entry, or undefined for a code we do not know. */
export function dpiCodeOf(code: string): DpiCode | undefined {
  return dpiCodes.find((entry) => entry.code === code);
}
