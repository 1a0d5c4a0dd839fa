/** An account's internal review settings (the plant's technical review of proofs before the school sees them). */
export interface InternalReviewSettings {
  readonly internalReview: boolean;
  readonly optOutInternalReview: boolean;
}

/**
 * Whether an account's proofs go through internal review (not given by the spec; ours): walking
 * from the account up to its parent and grandparent, the nearest account that says something
 * decides — an opt-out says no, an opt-in says yes. A studio thus turns internal review on for its
 * whole tree, and one school (or sub-studio) can still opt out.
 */
export function effectiveInternalReview(lineage: readonly (InternalReviewSettings | null | undefined)[]): boolean {
  for (const settings of lineage) {
    if (!settings) continue;
    if (settings.optOutInternalReview) return false;
    if (settings.internalReview) return true;
  }
  return false;
}
