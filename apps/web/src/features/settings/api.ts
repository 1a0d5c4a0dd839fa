import {
  type AccountSettings,
  type AccountSettingsUpdate,
  getAccountSettings,
  updateAccountSettings,
} from '@colophon/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/call';
import { createQueryKeys, useInvalidatingMutation } from '../../lib/resource';

/** `GET/PUT account_settings/{accountId}`: an account's defaults for new projects, review settings and MFA. */
export const settingsKeys = createQueryKeys('account_settings');

export const accountSettingsOptions = (accountId: number) =>
  queryOptions({
    queryKey: settingsKeys.detail(accountId),
    queryFn: ({ signal }) => call(getAccountSettings, { params: { id: accountId } }, signal),
  });

export function useSaveAccountSettings(accountId: number) {
  // MFA lives on the account and internal review shows on its page: both are refreshed too.
  return useInvalidatingMutation<AccountSettings, AccountSettingsUpdate>([settingsKeys.all, ['accounts']], {
    mutationFn: (body) => call(updateAccountSettings, { params: { id: accountId }, body }),
  });
}
