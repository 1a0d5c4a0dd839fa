import {
  type AccountSearchBody,
  type AccountSummaryRow,
  accountsContract,
  type BulkUpdateBody,
  type BulkUpdateResult,
  getAccountSummaryOverview,
  getInternalReviewSettings,
  type ListEnvelope,
  searchAccounts,
  settingsBulkUpdates,
  uploadAccountBrand,
  uploadAccountImage,
} from '@colophon/contract';
import { canSeeBrazil, type Filters, isSuperAdmin } from '@colophon/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../lib/call';
import { createResource, useInvalidatingMutation } from '../../lib/resource';
import { useSession } from '../../lib/session';

export type AccountCreate = z.input<typeof accountsContract.create>;
export type AccountUpdate = z.input<typeof accountsContract.update>;

/** /api/accounts: the generic five routes and the CSV export. */
export const accountsResource = createResource(accountsContract);
export const accountKeys = accountsResource.keys;

/** One row of the overview, with a key of its own (an account has a row per project). */
export type OverviewRow = AccountSummaryRow & { rowKey: string };

/** `GET accounts/account_summary_overview/{id}`: the schools of a studio's tree, one row per project. */
export const overviewOptions = (rootId: number, query: Filters) =>
  queryOptions({
    queryKey: [...accountKeys.all, 'overview', rootId, query],
    queryFn: ({ signal }) => call(getAccountSummaryOverview, { params: { id: rootId }, query }, signal),
    select: (envelope): ListEnvelope<OverviewRow> => ({
      ...envelope,
      data: envelope.data.map((row) => ({ ...row, rowKey: `${row.accountId}-${row.project?.id ?? 'none'}` })),
    }),
    placeholderData: keepPreviousData,
  });

export function useOverview(rootId: number | null, query: Filters) {
  return useQuery({ ...overviewOptions(rootId ?? 0, query), enabled: rootId !== null && rootId > 0 });
}

/** `GET accounts/settings/internal_review/{id}`: the account's own flags and what its lineage decides. */
export const internalReviewOptions = (accountId: number) =>
  queryOptions({
    queryKey: [...accountKeys.detail(accountId), 'internal-review'],
    queryFn: ({ signal }) => call(getInternalReviewSettings, { params: { id: accountId } }, signal),
  });

/** The three bulk updates of part 7, each one flag on many accounts (all or nothing). */
export const bulkSettings = {
  internalReview: {
    name: 'Internal review',
    on: { action: 'Turn on', done: 'Internal review is on' },
    off: { action: 'Turn off', done: 'Internal review is off' },
    explain: 'Proofs of these accounts go through the plant’s internal review before the school sees them.',
  },
  optOutInternalReview: {
    name: 'Opt out of internal review',
    on: { action: 'Opt out', done: 'Opted out of internal review' },
    off: { action: 'Opt back in', done: 'Opted back in to internal review' },
    explain: 'An opt-out wins over internal review turned on by the studio above.',
  },
  optInAdviserReviewNotes: {
    name: 'Adviser review notes',
    on: { action: 'Opt in', done: 'Opted in to adviser review notes' },
    off: { action: 'Opt out', done: 'Opted out of adviser review notes' },
    explain: 'Advisers receive the internal reviewers’ notes on their proofs.',
  },
} as const;
export type BulkSetting = keyof typeof bulkSettings;

export function useBulkUpdate() {
  return useInvalidatingMutation<BulkUpdateResult, { setting: BulkSetting; body: BulkUpdateBody }>(
    [accountKeys.all, ['account_settings']],
    {
      mutationFn: ({ setting, body }) => call(settingsBulkUpdates[setting], { body }),
    },
  );
}

/** `POST files/account_brand` and `files/account_image`: base64 without the data-URL prefix. */
export function useUploadAccountFile(kind: 'brand' | 'image') {
  return useInvalidatingMutation<{ accountId: number }, { accountId: number; data: string }>([accountKeys.all], {
    mutationFn: (body) => call(kind === 'brand' ? uploadAccountBrand : uploadAccountImage, { body }),
  });
}

/** The signed-in user's immediate accounts with their parents: what decides whether Brazil is offered. */
function useImmediateAccountLineage() {
  const session = useSession();
  const ids = (session?.immediateAccounts ?? []).map((account) => account.id);
  const body: AccountSearchBody = { ids, include: ['parent'], perPage: 100 };
  return useQuery({
    queryKey: accountKeys.list({ lineage: ids }),
    queryFn: () => call(searchAccounts, { body }),
    enabled: ids.length > 0 && !isSuperAdmin(session?.user),
    staleTime: 5 * 60_000,
  });
}

/** Part 6: Brazil is offered to super admins and to users with an account, parent or grandparent in Brazil. */
export function useCanSeeBrazil(): boolean {
  const session = useSession();
  const lineage = useImmediateAccountLineage();
  if (isSuperAdmin(session?.user)) return true;
  const withParents: { country: string; parent?: { country: string } | null | undefined }[] =
    lineage.data?.data ?? session?.immediateAccounts ?? [];
  const accounts = withParents.map((account) => ({
    country: account.country,
    parent: account.parent ? { country: account.parent.country } : null,
  }));
  return canSeeBrazil(session?.user, accounts);
}

/** The account the signed-in user works on first (spec: the first immediate account). */
export function useFirstAccountId(): number | null {
  return useSession()?.immediateAccounts[0]?.id ?? null;
}
