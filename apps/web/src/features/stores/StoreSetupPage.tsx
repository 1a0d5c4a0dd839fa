import { storeCreateSchema, storesContract } from '@colophon/contract';
import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import type { JSX } from 'react';
import { z } from 'zod';
import { ChangeButton } from '../../components/feedback/ChangeButton';
import { useConfirmedAction } from '../../components/feedback/useConfirmedAction';
import { column, ResourcePage } from '../../components/resource-page';
import { userCan } from '../../lib/access';
import { useSession } from '../../lib/session';
import { storesResource } from './api';
import { StoreProducts } from './StoreProducts';

const route = getRouteApi('/admin/online-sales/store');

type Store = z.output<typeof storesContract.item> & { name: string };

const day = z.string().refine((text) => text === '' || /^\d{4}-\d{2}-\d{2}$/.test(text), 'A date, YYYY-MM-DD');
const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/**
 * The store's drawer: its account and year (for a new one), address, title, welcome and selling dates.
 * Never whether it is open: that is the row's Open/Close (asked first), and a drawer loaded before
 * someone opened or closed the store would otherwise undo it on saving (a new store starts closed).
 */
const storeFormSchema = z
  .object({
    accountId: z.number().int().positive('Choose the account'),
    year: storeCreateSchema.shape.year,
    slug: z.string(),
    title: z.string(),
    welcomeText: z.string(),
    opensOn: day,
    closesOn: day,
    summerOpensOn: day,
    summerClosesOn: day,
  })
  .transform(({ slug, title, welcomeText, opensOn, closesOn, summerOpensOn, summerClosesOn, ...rest }) => ({
    ...rest,
    // No address: the API makes one from the account's code and the year.
    ...(slug.trim() === '' ? {} : { slug: slug.trim() }),
    title: orNull(title),
    welcomeText: orNull(welcomeText),
    opensOn: orNull(opensOn),
    closesOn: orNull(closesOn),
    summerOpensOn: orNull(summerOpensOn),
    summerClosesOn: orNull(summerClosesOn),
  }));

/**
 * /admin/online-sales/store: where school staff run their stores — each year's store with its public
 * address, open or closed (asked first), its dates; and the chosen store's products, prices and images.
 */
export function StoreSetupPage(): JSX.Element {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const user = useSession()?.user;
  const canManage = userCan(user, 'sales.manage');
  const update = storesResource.useUpdate();
  const openOrClose = useConfirmedAction<Store>({
    title: (store) => (store.isOpen ? 'Close the store' : 'Open the store'),
    message: (store) =>
      store.isOpen
        ? `${store.name} will stop taking orders. Parents who open /store/${store.slug} will see it closed.`
        : `${store.name} will take orders at /store/${store.slug}.`,
    confirmLabel: (store) => (store.isOpen ? 'Close store' : 'Open store'),
    color: (store) => (store.isOpen ? 'red' : 'green'),
    run: (store) => update.mutateAsync({ id: store.id, body: { isOpen: !store.isOpen } }),
    done: (store) => ({
      title: store.isOpen ? 'Store closed' : 'Store opened',
      message: `${store.name} is ${store.isOpen ? 'closed' : 'open'}.`,
    }),
    failed: (store) => (store.isOpen ? 'Could not close the store' : 'Could not open the store'),
  });
  const showProducts = (storeId: number | undefined) =>
    void navigate({ search: (previous) => ({ ...previous, storeId, product: undefined }) });

  return (
    <Stack gap="lg">
      <ResourcePage
        contract={storesContract}
        resource={storesResource}
        route={route}
        label="Stores"
        noun="store"
        include={['account']}
        emptyText={(filtered) => (filtered ? 'No stores match these filters' : 'No stores yet')}
        filters={[
          { key: 'search', kind: 'search', placeholder: 'Address or title' },
          { key: 'isOpen', kind: 'boolean', label: 'Open' },
          { key: 'accountId', kind: 'account', label: 'Account' },
        ]}
        columns={[
          { accessor: 'account', title: 'Account', render: (store: Store) => store.account?.name ?? store.accountId },
          column.text('year', 'Year', { sortable: true, width: 80 }),
          column.link('name', 'Store'),
          {
            accessor: 'slug',
            title: 'Address',
            render: (store: Store) =>
              store.slug ? (
                <Anchor href={`/store/${store.slug}`} target="_blank" rel="noreferrer">
                  /store/{store.slug}
                </Anchor>
              ) : (
                '—'
              ),
          },
          {
            accessor: 'isOpen',
            title: 'Status',
            render: (store: Store) => (
              <Badge variant="light" color={store.isOpen ? 'green' : 'gray'}>
                {store.isOpen ? 'Open' : 'Closed'}
              </Badge>
            ),
          },
          {
            accessor: 'actions',
            title: 'Actions',
            textAlign: 'right',
            render: (store: Store) => (
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                <Button size="xs" variant="default" onClick={() => showProducts(store.id)}>
                  Products
                </Button>
                {canManage ? (
                  <ChangeButton
                    method="PUT"
                    size="xs"
                    variant="light"
                    color={store.isOpen ? 'red' : 'green'}
                    onClick={() => openOrClose.ask(store)}
                  >
                    {store.isOpen ? 'Close' : 'Open'}
                  </ChangeButton>
                ) : null}
              </Group>
            ),
          },
        ]}
        form={{
          schema: storeFormSchema,
          fields: [
            { key: 'accountId', kind: 'account', label: 'Account', required: true },
            { key: 'year', kind: 'number', label: 'Year', required: true, min: 2000, max: 2100, span: 1 },
            {
              key: 'slug',
              kind: 'text',
              label: 'Address',
              maxLength: 80,
              description: '/store/<address>: lower-case letters, digits and dashes',
              span: 1,
            },
            { key: 'title', kind: 'text', label: 'Title', maxLength: 200 },
            { key: 'welcomeText', kind: 'textarea', label: 'Welcome text', maxLength: 5000 },
            { key: 'opensOn', kind: 'text', label: 'Opens on', description: 'YYYY-MM-DD', span: 1 },
            { key: 'closesOn', kind: 'text', label: 'Closes on', description: 'YYYY-MM-DD', span: 1 },
            { key: 'summerOpensOn', kind: 'text', label: 'Summer opens on', description: 'YYYY-MM-DD', span: 1 },
            { key: 'summerClosesOn', kind: 'text', label: 'Summer closes on', description: 'YYYY-MM-DD', span: 1 },
          ],
          initialValues: (store?: Store) => ({
            accountId: store?.accountId ?? search.accountId?.[0] ?? 0,
            year: store?.year ?? new Date().getFullYear(),
            slug: store?.slug ?? '',
            title: store?.title ?? '',
            welcomeText: store?.welcomeText ?? '',
            opensOn: store?.opensOn ?? '',
            closesOn: store?.closesOn ?? '',
            summerOpensOn: store?.summerOpensOn ?? '',
            summerClosesOn: store?.summerClosesOn ?? '',
          }),
        }}
      />
      {openOrClose.dialog}
      {search.storeId ? (
        <StoreProducts
          storeId={search.storeId}
          productId={search.product}
          canManage={canManage}
          onProduct={(product) => void navigate({ search: (previous) => ({ ...previous, product }) })}
          onClose={() => showProducts(undefined)}
        />
      ) : (
        <Text c="dimmed" size="sm">
          Choose a store’s Products to see what it sells.
        </Text>
      )}
    </Stack>
  );
}
