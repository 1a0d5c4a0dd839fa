import { type StoredCard, storedCardsContract } from '@colophon/contract';
import { cardBrand, formatDate } from '@colophon/domain';
import { Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { type JSX, useState } from 'react';
import { AccountPicker } from '../../components/account-picker/AccountPicker';
import { DataTable, type DataTableColumn } from '../../components/data-table/DataTable';
import { useConfirmedAction } from '../../components/feedback/useConfirmedAction';
import { useListPage } from '../../lib/list-page';
import { useSession } from '../../lib/session';
import { AddCardDrawer } from './AddCardDrawer';
import { storedCardsResource, useMakeDefault, useOnlyAccount, useRemoveCard } from './api';

const route = getRouteApi('/admin/manage-credit-cards');

/** 'Visa •••• 4242': how the screen names a card. */
export const cardName = (card: Pick<StoredCard, 'brand' | 'last4'>) =>
  `${cardBrand.label(card.brand)} •••• ${card.last4}`;

/** A card is good through the last day of its expiry month. */
export const isExpired = (card: Pick<StoredCard, 'expMonth' | 'expYear'>, today: Date) =>
  card.expYear * 12 + card.expMonth < today.getFullYear() * 12 + today.getMonth() + 1;

const expiryOf = (card: Pick<StoredCard, 'expMonth' | 'expYear'>) =>
  `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}`;

/**
 * /admin/manage-credit-cards: the account's cards on file, which its invoices are charged to. A
 * school's user sees their school's; anyone who sees several accounts picks one first. Add a card,
 * make one the default, remove one (asked first).
 */
export function ManageCardsPage({ today = new Date() }: { today?: Date } = {}): JSX.Element {
  const page = useListPage(route.useSearch(), route.useNavigate(), storedCardsResource, storedCardsContract);
  const zone = useSession()?.user.timezone;
  const only = useOnlyAccount();
  const chosen = page.list.accountId?.length === 1 ? (page.list.accountId[0] ?? null) : null;
  const accountId = chosen ?? only.data?.id ?? null;
  const [adding, setAdding] = useState(false);
  const makeDefault = useMakeDefault();
  const remove = useRemoveCard();
  const removal = useConfirmedAction<StoredCard>({
    title: 'Remove card',
    message: (card) =>
      `${cardName(card)} will be removed from this account${card.isDefault ? '; the newest other card becomes the default' : ''}.`,
    confirmLabel: 'Remove',
    color: 'red',
    run: (card) => remove.mutateAsync(card),
    done: (card) => ({ title: 'Card removed', message: `${cardName(card)} is removed.` }),
    failed: 'The card was not removed',
  });
  const defaulting = useConfirmedAction<StoredCard>({
    title: 'Make default',
    message: (card) => `Invoices of this account will be charged to ${cardName(card)}.`,
    confirmLabel: 'Make default',
    run: (card) => makeDefault.mutateAsync(card),
    done: (card) => ({ title: 'Default card', message: `${cardName(card)} is now the default card.` }),
    failed: 'The default card did not change',
  });

  const columns: DataTableColumn<StoredCard>[] = [
    {
      accessor: 'brand',
      title: 'Card',
      sortable: true,
      render: (card) => (
        <Group gap="xs" wrap="nowrap">
          <IconCreditCard size={18} aria-hidden />
          <Text size="sm">{cardName(card)}</Text>
        </Group>
      ),
    },
    {
      accessor: 'expYear',
      title: 'Expires',
      sortable: true,
      render: (card) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm">{expiryOf(card)}</Text>
          {isExpired(card, today) ? (
            <Badge color="red" variant="light">
              Expired
            </Badge>
          ) : null}
        </Group>
      ),
    },
    {
      accessor: 'isDefault',
      title: 'Default',
      sortable: true,
      render: (card) =>
        card.isDefault ? (
          <Badge color="green" variant="light">
            Default
          </Badge>
        ) : null,
    },
    { accessor: 'createdAt', title: 'Added', sortable: true, render: (card) => formatDate(card.createdAt, zone) },
    {
      accessor: 'actions',
      title: '',
      textAlign: 'right',
      render: (card) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          {card.isDefault || isExpired(card, today) ? null : (
            <Button
              size="xs"
              variant="default"
              onClick={() => defaulting.ask(card)}
              aria-label={`Make ${cardName(card)} the default`}
            >
              Make default
            </Button>
          )}
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => removal.ask(card)}
            aria-label={`Remove ${cardName(card)}`}
          >
            Remove
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group align="flex-end" justify="space-between" wrap="wrap">
        {only.isPending ? (
          <Loader size="sm" aria-label="Loading your accounts" />
        ) : only.data ? (
          <Text fw={500}>{only.data.name}</Text>
        ) : (
          <AccountPicker
            label="Account"
            value={accountId}
            onChange={(id) => page.setFilter({ accountId: id ? [id] : undefined })}
            w={360}
          />
        )}
        <Button onClick={() => setAdding(true)} disabled={accountId === null}>
          Add card
        </Button>
      </Group>
      {accountId === null ? (
        only.isPending ? null : (
          <Paper withBorder p="md">
            <Text size="sm">Choose an account to see its cards.</Text>
          </Paper>
        )
      ) : (
        <DataTable<StoredCard>
          label="Stored cards"
          columns={columns}
          query={page.query}
          search={page.list}
          onSearchChange={page.setSearch}
          onExport={page.exportCsv}
          emptyText="No cards on file yet"
        />
      )}
      {accountId !== null ? (
        <AddCardDrawer
          key={accountId}
          accountId={accountId}
          opened={adding}
          onClose={() => setAdding(false)}
          today={today}
        />
      ) : null}
      {removal.dialog}
      {defaulting.dialog}
    </Stack>
  );
}
