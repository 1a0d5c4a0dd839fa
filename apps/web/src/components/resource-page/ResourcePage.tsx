import type { ListEnvelope, ListSearch } from '@colophon/contract';
import { type Filters, type Permission, walkthroughTargets } from '@colophon/domain';
import { Button, type DrawerProps } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ComponentType, Fragment, type JSX, type ReactNode } from 'react';
import { userCan } from '../../lib/access';
import { useListPage } from '../../lib/list-page';
import { useSession } from '../../lib/session';
import { DataTable, type FilterSpec } from '../data-table/DataTable';
import { QueryState } from '../feedback/QueryState';
import { useConfirmedDelete } from '../feedback/useConfirmedAction';
import { GuardedDrawer } from '../form/DirtyGuard';
import { type ResourceColumn, resolveColumns } from './columns';
import { type FormResource, ResourceForm, type ResourceFormDeclaration } from './ResourceFormFields';

type Named = { id: number; name: string };
type Edit = number | 'new' | undefined;

/** The page's route (`getRouteApi('/admin/super/manufacturers')`): its search and navigate. */
export interface ResourcePageRoute<Search> {
  useSearch: () => Search;
  useNavigate: () => (options: { search: (previous: NoInfer<Search>) => NoInfer<Search> }) => Promise<void>;
}

/** What the page needs of its `createResource(contract)` object. */
export interface PageResource<T, Create, Update> extends FormResource<T, Create, Update> {
  useList: (query: Filters) => UseQueryResult<ListEnvelope<T>>;
  exportCsv: (query: Filters) => Promise<void>;
  useDetail: (id: number | null) => UseQueryResult<T>;
  useRemove: () => { mutateAsync: (id: number) => Promise<unknown> };
}

/** The drawer's form when it is more than declared fields (presets' book-spec form): `record` absent for a new one. */
export type DrawerForm<T> = ComponentType<{ record?: T; onDone: () => void }>;

/**
 * A plain resource's list page, declared (issue 10): the DataTable with server paging, sort, the
 * URL's filters and CSV export; 'New <noun>' for whoever may write the contract's resource; the name
 * as the link that opens the record's drawer (its `edit` in the URL); delete, asked first; and the
 * drawer with the create or edit form, the record loaded before it is edited.
 */
export function ResourcePage<
  T extends Named,
  Search extends ListSearch & { edit?: Edit },
  Create,
  Update,
  Values extends Record<string, unknown>,
  Output extends Create & Update,
>(
  props: {
    contract: { label: string; filters: object; permission: { write: Permission } };
    resource: PageResource<T, Create, Update>;
    route: ResourcePageRoute<Search>;
    /** The table's accessible name, e.g. 'Manufacturers'. */
    label: string;
    /** 'manufacturer': 'New manufacturer', 'Save manufacturer', 'Delete manufacturer'; default the contract's label. */
    noun?: string;
    columns: readonly ResourceColumn<T>[];
    filters?: readonly FilterSpec[];
    /** Shown for an empty list; a function tells an empty filter result from no records at all. */
    emptyText: string | ((filtersActive: boolean) => string);
    /** Related records the list asks the API to fill (`include=plant`). */
    include?: string[];
    /** The delete question; default '<name> will be deleted. This cannot be undone.' */
    deleteMessage?: (record: T) => string;
    /** The drawer's title for an existing record; default 'Edit <noun>'. */
    editTitle?: string;
    drawerSize?: DrawerProps['size'];
    /** Shown while the record to edit loads; default 'Loading…'. */
    loadingLabel?: string;
  } & (
    | { form: ResourceFormDeclaration<T, Values, Output>; drawerForm?: never }
    | { drawerForm: DrawerForm<T>; form?: never }
  ),
): JSX.Element {
  const { contract, resource, route, label, columns, filters, emptyText, include } = props;
  const noun = props.noun ?? contract.label.toLowerCase();
  const page = useListPage(route.useSearch(), route.useNavigate(), resource, contract, include ? { include } : {});
  const { edit, closeDrawer } = page;
  const user = useSession()?.user;
  const remove = resource.useRemove();
  const deletion = useConfirmedDelete<T>(noun, remove.mutateAsync, {
    message: props.deleteMessage,
    // The record deleted may be the one open in the drawer.
    onDone: (record) => {
      if (edit === record.id) closeDrawer();
    },
  });
  const context = {
    zone: user?.timezone,
    records: page.query.data?.data ?? [],
    open: (record: T) => page.openDrawer(record.id),
    remove: deletion.ask,
  };
  const declared = props.form;
  const Form = props.drawerForm;
  const form = (record?: T) =>
    declared ? (
      <ResourceForm declaration={declared} resource={resource} noun={noun} record={record} onDone={closeDrawer} />
    ) : Form ? (
      <Form record={record} onDone={closeDrawer} />
    ) : null;

  return (
    <>
      <DataTable<T>
        label={label}
        columns={resolveColumns(columns, context)}
        query={page.query}
        search={page.list}
        // The table writes only the list's own keys (page, size, sort, filters) of this page's search.
        onSearchChange={(patch) => page.setSearch(patch as Partial<Search>)}
        emptyText={typeof emptyText === 'function' ? emptyText(page.filtersActive) : emptyText}
        onExport={page.exportCsv}
        filters={filters}
        actions={
          userCan(user, contract.permission.write) ? (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => page.openDrawer('new')}
              data-tour={walkthroughTargets.addRecord}
            >
              New {noun}
            </Button>
          ) : null
        }
      />
      {deletion.dialog}
      <GuardedDrawer
        opened={edit !== undefined}
        onClose={closeDrawer}
        title={edit === 'new' ? `New ${noun}` : (props.editTitle ?? `Edit ${noun}`)}
        position="right"
        size={props.drawerSize ?? 'md'}
      >
        {edit === 'new' ? form() : null}
        {typeof edit === 'number' ? (
          <EditRecord id={edit} resource={resource} loadingLabel={props.loadingLabel}>
            {(record) => form(record)}
          </EditRecord>
        ) : null}
      </GuardedDrawer>
    </>
  );
}

function EditRecord<T extends Named>({
  id,
  resource,
  loadingLabel,
  children,
}: {
  id: number;
  resource: { useDetail: (id: number | null) => UseQueryResult<T> };
  loadingLabel?: string;
  children: (record: T) => ReactNode;
}) {
  const query = resource.useDetail(id);
  // Keyed by the record, so opening another one starts its form afresh.
  return (
    <QueryState query={query} loadingLabel={loadingLabel}>
      {(record) => <Fragment key={record.id}>{children(record)}</Fragment>}
    </QueryState>
  );
}
