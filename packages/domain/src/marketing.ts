import { defineEnumeration } from './enumeration';

/** Marketing campaign status (part 3). */
export const marketingCampaignStatus = defineEnumeration([
  { code: -1, label: 'None' },
  { code: 0, label: 'Stopped' },
  { code: 1, label: 'Running' },
  { code: 2, label: 'Ended' },
] as const);
export type MarketingCampaignStatusCode = (typeof marketingCampaignStatus.codes)[number];

/** Marketing flags and their defaults (part 9). */
export const marketingFlags = {
  reopen: false,
  summerCampaign: false,
  recalculateTimeline: true,
} as const;
export type MarketingFlag = keyof typeof marketingFlags;
