import type { Project } from '@colophon/contract';
import { bookType } from '@colophon/domain';
import { useNavigate } from '@tanstack/react-router';
import type { JSX } from 'react';
import { DataTable } from '../../components/data-table/DataTable';
import { useLocalListSearch } from '../../lib/list-page';
import { filterQuery, type ListSearch, listQuery } from '../../lib/list-search';
import { projectsResource } from './api';
import { projectColumns } from './columns';
import { yearOptions } from './yearOptions';

interface AccountProjectsSearch extends ListSearch {
  year?: number[] | undefined;
  typeBook?: number[] | undefined;
}

/**
 * The projects of one account, for the account's page: the Project Records columns without the
 * account, newest year first. Paging, sort and filters stay in the table (the page's URL is the
 * account's); each name opens the project.
 */
export function AccountProjectsTable({ accountId }: { accountId: number }): JSX.Element {
  const navigate = useNavigate();
  const list = useLocalListSearch<AccountProjectsSearch>({ sort: '-year' });
  const { search } = list;
  const query = projectsResource.useList(listQuery({ ...search, accountId: [accountId] }));
  const columns = projectColumns(
    { open: (project) => void navigate({ to: '/admin/projects/$projectId', params: { projectId: project.id } }) },
    { showAccount: false },
  );
  return (
    <DataTable<Project>
      label="Account projects"
      columns={columns}
      query={query}
      {...list}
      emptyText={
        search.year || search.typeBook ? 'No projects match these filters' : 'This account has no projects yet'
      }
      onExport={() => projectsResource.exportCsv({ ...filterQuery({ ...search, accountId: [accountId] }) })}
      filters={[
        { key: 'year', kind: 'select', label: 'Year', options: yearOptions },
        { key: 'typeBook', kind: 'select', label: 'Book type', options: bookType.options() },
      ]}
    />
  );
}
