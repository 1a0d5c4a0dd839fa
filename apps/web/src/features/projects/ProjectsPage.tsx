import type { Project } from '@colophon/contract';
import { bookType, softwareType } from '@colophon/domain';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { JSX } from 'react';
import { DataTable } from '../../components/data-table/DataTable';
import { useConfirmedAction } from '../../components/feedback/useConfirmedAction';
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

  const setSearch = (patch: Partial<ProjectsSearch>) =>
    void navigateRoute({ search: (previous) => ({ ...previous, ...patch }) });
  const filtersActive = Boolean(
    list.search || list.year || list.typeBook || list.typeSoftware || list.ancestorId || list.isActive !== undefined,
  );
  const open = (project: Project) =>
    void navigate({ to: '/admin/projects/$projectId', params: { projectId: project.id } });

  const reactivate = async (project: Project) => {
    try {
      await update.mutateAsync({ id: project.id, body: { isActive: true } });
      notifications.show({ color: 'green', title: 'Saved', message: `${project.name} is reactivated.` });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Not reactivated', message: errorMessage(error) });
    }
  };
  const deactivation = useConfirmedAction<Project>({
    title: 'Deactivate project',
    confirmLabel: 'Deactivate',
    message: (project) =>
      `${project.name} will be marked inactive. Its proofs and orders stay, and you can reactivate it later.`,
    run: (project) => remove.mutateAsync(project.id),
    done: (project) => ({ title: 'Saved', message: `${project.name} is deactivated.` }),
    failed: 'Not deactivated',
  });

  return (
    <>
      <DataTable<Project>
        label="Projects"
        columns={projectColumns({
          open,
          setActive: canManage
            ? (project, isActive) => (isActive ? void reactivate(project) : deactivation.ask(project))
            : undefined,
        })}
        query={query}
        search={list}
        onSearchChange={setSearch}
        emptyText={filtersActive ? 'No projects match these filters' : 'There are no projects yet'}
        onExport={() => projectsResource.exportCsv({ ...filterQuery(list), include: ['account'] })}
        filters={[
          { key: 'search', kind: 'search', placeholder: 'Project, account or code' },
          { key: 'year', kind: 'select', label: 'Year', options: yearOptions },
          { key: 'typeBook', kind: 'select', label: 'Book type', options: bookType.options() },
          { key: 'typeSoftware', kind: 'select', label: 'Software', options: softwareType.options() },
          { key: 'ancestorId', kind: 'account', single: true },
          { key: 'isActive', kind: 'boolean', label: 'Status', yes: 'Active', no: 'Inactive' },
        ]}
        actions={
          canManage ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setSearch({ create: true })}>
              New project
            </Button>
          ) : null
        }
      />

      {deactivation.dialog}

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
