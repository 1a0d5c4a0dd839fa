import { type OnlineOrder, onlineOrdersContract } from '@colophon/contract';
import { onlineOrderPayment, onlineOrderShipping, years } from '@colophon/domain';
import { Button, Drawer } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import type { JSX } from 'react';
import { DataTable } from '../../components/data-table/DataTable';
import { userCan } from '../../lib/access';
import { useListPage } from '../../lib/list-page';
import { useSession } from '../../lib/session';
import { onlineOrderListIncludes, onlineOrdersResource } from './api';
import { CashCheckOrderForm } from './CashCheckOrderForm';
import { onlineOrderColumns, onlineOrderStatusOptions } from './columns';
import { OnlineOrderDrawer } from './OnlineOrderDrawer';
import type { OnlineOrdersSearch } from './search';

const route = getRouteApi('/admin/online-sales/orders');

const yearOptions = [...years].reverse().map((year) => ({ value: String(year), label: String(year) }));

/**
 * /admin/online-sales/orders — Online Orders: the parents' orders from the schools' online stores
 * and the cash and check orders staff entered, filters in the URL, sorted on the server. A row opens
 * the order's drawer (its lines, payments, receipt and refunds).
 */
export function OnlineOrdersPage(): JSX.Element {
  const page = useListPage(route.useSearch(), route.useNavigate(), onlineOrdersResource, onlineOrdersContract, {
    include: onlineOrderListIncludes,
  });
  const user = useSession()?.user;
  const canEnter = userCan(user, 'sales.manage');
  return (
    <>
      <DataTable<OnlineOrder>
        label="Online orders"
        columns={onlineOrderColumns(user?.timezone)}
        query={page.query}
        search={page.list}
        onSearchChange={(patch) => page.setSearch(patch as Partial<OnlineOrdersSearch>)}
        onExport={page.exportCsv}
        onRowClick={(order) => page.openDrawer(order.id)}
        emptyText={page.filtersActive ? 'No online orders match these filters' : 'There are no online orders yet'}
        actions={
          canEnter ? (
            <Button leftSection={<IconCash size={16} />} onClick={() => page.openDrawer('new')}>
              Enter a cash or check order
            </Button>
          ) : null
        }
        filters={[
          { key: 'search', kind: 'search', placeholder: 'Order number, parent or student' },
          { key: 'year', kind: 'select', label: 'Year', options: yearOptions },
          { key: 'status', kind: 'select', label: 'Status', options: onlineOrderStatusOptions },
          { key: 'typePayment', kind: 'select', label: 'Payment', options: onlineOrderPayment.options() },
          { key: 'typeShipping', kind: 'select', label: 'Shipping', options: onlineOrderShipping.options() },
          { key: 'accountId', kind: 'account', label: 'School' },
          { key: 'paidFrom', kind: 'date', label: 'Paid from' },
          { key: 'paidTo', kind: 'date', label: 'Paid to' },
        ]}
      />
      <OnlineOrderDrawer
        orderId={typeof page.edit === 'number' ? page.edit : null}
        zone={user?.timezone}
        canRefund={userCan(user, 'sales.refund')}
        onClose={page.closeDrawer}
      />
      <Drawer
        opened={page.edit === 'new'}
        onClose={page.closeDrawer}
        position="right"
        size="lg"
        title="Enter a cash or check order"
      >
        {page.edit === 'new' ? <CashCheckOrderForm onDone={(order) => page.openDrawer(order.id)} /> : null}
      </Drawer>
    </>
  );
}
