/**
 * What the preflight found, one entry per problem, in words a school adviser understands. `box` is
 * where on the page (in PDF points, measured from the top-left corner of the page as rendered, y
 * downwards), so a screen can draw it over the page image: scale by imageWidth / page widthPts.
 */
export interface Finding {
  /** 1-based page number; null for the whole file. */
  page: number | null;
  code: FindingCode;
  severity: 'error' | 'warning';
  message: string;
  box?: Box;
  /** Every place a grouped finding covers (RGB photos are reported once per page); `box` is the first. */
  boxes?: Box[];
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const findingCodes = [
  'empty-file',
  'not-pdf',
  'encrypted',
  'corrupt-file',
  'no-pages',
  'page-size',
  'no-bleed',
  'cover-size',
  'page-count',
  'page-count-mismatch',
  'font-not-embedded',
  'low-resolution',
  'rgb-image',
  'hairline',
] as const;
export type FindingCode = (typeof findingCodes)[number];

/**
 * The notification type (domain `notificationType`) a finding code raises, for the lead's handler:
 * 20 Invalid Cover Dimensions, 21 Invalid Page Dimensions, 22 Invalid Page Count, 27 Low Resolution
 * Images, 28 Missing Fonts, 29 Invalid Color Space, 30 Corrupt File, 32 Missing Bleed, 33 Password
 * Protected File, 35 Invalid File Type. Hairlines raise none of their own.
 */
export const notificationTypeOfFinding: Record<FindingCode, number | null> = {
  'empty-file': 30,
  'not-pdf': 35,
  encrypted: 33,
  'corrupt-file': 30,
  'no-pages': 30,
  'page-size': 21,
  'no-bleed': 32,
  'cover-size': 20,
  'page-count': 22,
  'page-count-mismatch': 22,
  'font-not-embedded': 28,
  'low-resolution': 27,
  'rgb-image': 29,
  hairline: null,
};

/** 110 Proof Passed Technical Review: what a proof with no error findings raises. */
export const PROOF_PASSED_TECHNICAL_REVIEW = 110;

export interface FindingSummary {
  errors: number;
  warnings: number;
  /** Count per finding code (errors and warnings together). */
  byCode: Partial<Record<FindingCode, number>>;
  /** Pages with at least one error, ascending. */
  pagesWithErrors: number[];
  /** Passed technical review: no errors (warnings allowed). */
  passed: boolean;
  /** The notification types to raise: 110 when passed, else one per kind of error. */
  notificationTypes: number[];
}

export function summarize(findings: readonly Finding[]): FindingSummary {
  const byCode: Partial<Record<FindingCode, number>> = {};
  const pages = new Set<number>();
  const errorTypes = new Set<number>();
  let errors = 0;
  let warnings = 0;
  for (const finding of findings) {
    byCode[finding.code] = (byCode[finding.code] ?? 0) + 1;
    if (finding.severity === 'error') {
      errors++;
      if (finding.page !== null) pages.add(finding.page);
      const type = notificationTypeOfFinding[finding.code];
      if (type !== null) errorTypes.add(type);
    } else {
      warnings++;
    }
  }
  const passed = errors === 0;
  return {
    errors,
    warnings,
    byCode,
    pagesWithErrors: [...pages].sort((a, b) => a - b),
    passed,
    notificationTypes: passed ? [PROOF_PASSED_TECHNICAL_REVIEW] : [...errorTypes].sort((a, b) => a - b),
  };
}

/** Findings in reading order: the whole file first, then by page, errors before warnings. */
export function sortFindings(findings: Finding[]): Finding[] {
  return findings.sort(
    (a, b) =>
      (a.page ?? 0) - (b.page ?? 0) ||
      (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1) ||
      a.code.localeCompare(b.code),
  );
}
