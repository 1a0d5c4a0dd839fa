import type { Project } from '@colophon/contract';
import { bookType, softwareType } from '@colophon/domain';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { type JSX, useState } from 'react';
import { AccountPicker } from '../../components/account-picker/AccountPicker';
import { DataTable } from '../../components/data-table/DataTable';
import {
  BooleanFilter,
  ClearFiltersButton,
  MultiSelectFilter,
  SearchFilter,
} from '../../components/data-table/FilterBar';
import { ConfirmDialog } from '../../components/feedback/ConfirmDialog';
import { userCan } from '../../lib/access';
import { errorMessage } from '../../lib/api-client';
import { filterQuery, listQuery } from '../../lib/list-search';
import { useSession } from '../../lib/session';
import { projectsResource } from './api';
import { projectColumns } from './columns';
import { ProjectCreateDrawer } from './ProjectCreateDrawer';
import type { ProjectsSearch } from './search';
import { yearOptions } from './yearOptions';

const route = getRouteApi('/admin/projects');

/** /admin/projects (Project Records): the yearbook projects of the caller's accounts, filters in the URL. */
export function ProjectsPage(): JSX.Element {
  const search = route.useSearch();
  const navigateRoute = route.useNavigate();
  const navigate = useNavigate();
  const viewer = useSession()?.user;
  const canManage = userCan(viewer, 'projects.manage');

  const { create, ...list } = search;
  const query = projectsResource.useList({ ...listQuery(list), include: ['account'] });
  const update = projectsResource.useUpdate();
  const remove = projectsResource.useRemove();
  const [toDeactivate, setToDeactivate] = useState<Project | null>(null);

  const setSearch = (patch: Partial<ProjectsSearch>) =>
    void navigateRoute({ search: (previous) => ({ ...previous, ...patch }) });
  const setFilter = (patch: Partial<ProjectsSearch>) => setSearch({ ...patch, page: undefined });
  const filtersActive = Boolean(
    list.search || list.year || list.typeBook || list.typeSoftware || list.ancestorId || list.isActive !== undefined,
  );
  const open = (project: Project) =>
    void navigate({ to: '/admin/projects/$projectId', params: { projectId: project.id } });

  const setActive = async (project: Project, isActive: boolean) => {
    try {
      if (isActive) await update.mutateAsync({ id: project.id, body: { isActive: true } });
      else await remove.mutateAsync(project.id);
      notifications.show({
        color: 'green',
        title: 'Saved',
        message: `${project.name} is ${isActive ? 'reactivated' : 'deactivated'}.`,
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: isActive ? 'Not reactivated' : 'Not deactivated',
        message: errorMessage(error),
      });
    } finally {
      setToDeactivate(null);
    }
  };

  return (
    <>
      <DataTable<Project>
        label="Projects"
        columns={projectColumns({
          open,
          setActive: canManage
            ? (project, isActive) => (isActive ? void setActive(project, true) : setToDeactivate(project))
            : undefined,
        })}
        query={query}
        search={list}
        onSearchChange={setSearch}
        emptyText={filtersActive ? 'No projects match these filters' : 'There are no projects yet'}
        onExport={() => projectsResource.exportCsv({ ...filterQuery(list), include: ['account'] })}
        filters={
          <>
            <SearchFilter
              value={list.search}
              onChange={(value) => setFilter({ search: value })}
              placeholder="Project, account or code"
            />
            <MultiSelectFilter
              label="Year"
              options={yearOptions}
              value={list.year}
              onChange={(value) => setFilter({ year: value })}
            />
            <MultiSelectFilter
              label="Book type"
              options={bookType.options()}
              value={list.typeBook}
              onChange={(value) => setFilter({ typeBook: value })}
            />
            <MultiSelectFilter
              label="Software"
              options={softwareType.options()}
              value={list.typeSoftware}
              onChange={(value) => setFilter({ typeSoftware: value })}
            />
            <AccountPicker
              label="Account"
              placeholder="Any"
              value={list.ancestorId}
              onChange={(value) => setFilter({ ancestorId: value ?? undefined })}
              w={260}
            />
            <BooleanFilter
              label="Status"
              yes="Active"
              no="Inactive"
              value={list.isActive}
              onChange={(value) => setFilter({ isActive: value })}
            />
            <ClearFiltersButton
              active={filtersActive}
              onClear={() =>
                setFilter({
                  search: undefined,
                  year: undefined,
                  typeBook: undefined,
                  typeSoftware: undefined,
                  ancestorId: undefined,
                  isActive: undefined,
                })
              }
            />
          </>
        }
        actions={
          canManage ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setSearch({ create: true })}>
              New project
            </Button>
          ) : null
        }
      />

      <ConfirmDialog
        opened={toDeactivate !== null}
        title="Deactivate project"
        confirmLabel="Deactivate"
        loading={remove.isPending}
        onClose={() => setToDeactivate(null)}
        onConfirm={() => toDeactivate && void setActive(toDeactivate, false)}
      >
        {`${toDeactivate?.name ?? ''} will be marked inactive. Its proofs and orders stay, and you can reactivate it later.`}
      </ConfirmDialog>

      {canManage ? (
        <ProjectCreateDrawer
          opened={create === true}
          onClose={() => setSearch({ create: undefined })}
          onCreated={(project) =>
            void navigate({ to: '/admin/projects/$projectId', params: { projectId: project.id } })
          }
        />
      ) : null}
    </>
  );
}
