import type { Account } from '@colophon/contract';
import { Divider, Stack, Title } from '@mantine/core';
import { QueryState } from '../../components/feedback/QueryState';
import { GuardedDrawer } from '../../components/form/DirtyGuard';
import { AccountForm } from './AccountForm';
import { AccountImages } from './AccountImages';
import { accountsResource } from './api';

export const accountDetailIncludes = ['parent', 'addresses', 'contacts', 'images'];

/**
 * Create (`accountId` 'new') or edit an account in a drawer. A new account is created first; its
 * logo and image are uploaded once it exists (the drawer then shows it for editing).
 */
export function AccountDrawer({
  accountId,
  onClose,
  onCreated,
}: {
  accountId: number | 'new' | null;
  onClose: () => void;
  onCreated?: (account: Account) => void;
}) {
  return (
    <GuardedDrawer
      opened={accountId !== null}
      onClose={onClose}
      title={accountId === 'new' ? 'New account' : 'Edit account'}
      position="right"
      size="xl"
    >
      {accountId === 'new' ? (
        <AccountForm account={null} onCancel={onClose} onSaved={(account) => (onCreated ?? onClose)(account)} />
      ) : null}
      {typeof accountId === 'number' ? <EditAccount accountId={accountId} onClose={onClose} /> : null}
    </GuardedDrawer>
  );
}

function EditAccount({ accountId, onClose }: { accountId: number; onClose: () => void }) {
  const query = accountsResource.useDetail(accountId, { include: accountDetailIncludes });
  return (
    <QueryState query={query} loadingLabel="Loading the account…">
      {(account) => (
        // The logo and image are saved on their own, as they are chosen: they come first, so the
        // form's Save and Cancel close the drawer at its bottom (issue 9).
        <Stack gap="lg">
          <Title order={3} size="h5">
            Logo and image
          </Title>
          <AccountImages account={account} canManage />
          <Divider />
          <AccountForm key={account.id} account={account} onCancel={onClose} onSaved={onClose} />
        </Stack>
      )}
    </QueryState>
  );
}
