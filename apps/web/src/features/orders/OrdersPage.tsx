import type { Order } from '@colophon/contract';
import { ordersContract } from '@colophon/contract';
import { orderStatus, orderType, years } from '@colophon/domain';
import { getRouteApi } from '@tanstack/react-router';
import type { JSX } from 'react';
import { DataTable } from '../../components/data-table/DataTable';
import { userCan } from '../../lib/access';
import { useListPage } from '../../lib/list-page';
import { useSession } from '../../lib/session';
import { orderListIncludes, ordersResource, useManufacturerOptions } from './api';
import { orderColumns } from './columns';
import type { OrdersSearch } from './search';

const route = getRouteApi('/admin/orders');

const yearOptions = [...years].reverse().map((year) => ({ value: String(year), label: String(year) }));

/**
 * /admin/orders — Order Status: the orders of the caller's accounts, filters in the URL, sorted on
 * the server. Orders start from an approved proof (its Order button), so there is no "New order".
 */
export function OrdersPage(): JSX.Element {
  const page = useListPage(route.useSearch(), route.useNavigate(), ordersResource, ordersContract, {
    include: orderListIncludes,
  });
  const user = useSession()?.user;
  const manufacturerOptions = useManufacturerOptions();
  return (
    <DataTable<Order>
      label="Orders"
      columns={orderColumns({ zone: user?.timezone, canOpenAccounts: userCan(user, 'accounts.view') })}
      query={page.query}
      search={page.list}
      onSearchChange={(patch) => page.setSearch(patch as Partial<OrdersSearch>)}
      onExport={page.exportCsv}
      emptyText={page.filtersActive ? 'No orders match these filters' : 'There are no orders yet'}
      filters={[
        { key: 'search', kind: 'search', placeholder: 'Order number, school or project' },
        { key: 'status', kind: 'select', label: 'Status', options: orderStatus.options() },
        { key: 'typeOrder', kind: 'select', label: 'Type', options: orderType.options() },
        { key: 'year', kind: 'select', label: 'Year', options: yearOptions },
        { key: 'accountId', kind: 'account', label: 'School' },
        { key: 'manufacturerId', kind: 'select', label: 'Manufacturer', options: manufacturerOptions },
        { key: 'submittedFrom', kind: 'date', label: 'Submitted from' },
        { key: 'submittedTo', kind: 'date', label: 'Submitted to' },
      ]}
    />
  );
}
