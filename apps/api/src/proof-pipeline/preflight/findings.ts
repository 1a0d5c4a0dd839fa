import { type NotificationTypeCode, notificationType } from '@colophon/domain';

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

/** The notification type a finding code raises, for the lead's handler. Hairlines raise none of their own. */
export const notificationTypeOfFinding: Record<FindingCode, NotificationTypeCode | null> = {
  'empty-file': notificationType.CorruptFile,
  'not-pdf': notificationType.InvalidFileType,
  encrypted: notificationType.PasswordProtectedFile,
  'corrupt-file': notificationType.CorruptFile,
  'no-pages': notificationType.CorruptFile,
  'page-size': notificationType.InvalidPageDimensions,
  'no-bleed': notificationType.MissingBleed,
  'cover-size': notificationType.InvalidCoverDimensions,
  'page-count': notificationType.InvalidPageCount,
  'page-count-mismatch': notificationType.InvalidPageCount,
  'font-not-embedded': notificationType.MissingFonts,
  'low-resolution': notificationType.LowResolutionImages,
  'rgb-image': notificationType.InvalidColorSpace,
  hairline: null,
};

/** What a proof with no error findings raises. */
export const PROOF_PASSED_TECHNICAL_REVIEW = notificationType.ProofPassedTechnicalReview;

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
