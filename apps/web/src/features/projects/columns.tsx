import type { Project } from '@colophon/contract';
import { bookType, formatCalendarDate } from '@colophon/domain';
import { Menu, Text } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconExternalLink } from '@tabler/icons-react';
import { ActiveBadge, RowActionsMenu, StackedCell } from '../../components/data-table/cells';
import type { DataTableColumn } from '../../components/data-table/DataTable';
import { ProjectLink } from './ProjectLink';

export interface ProjectRowActions {
  open: (project: Project) => void;
  /** Deactivate (DELETE) or reactivate (PUT isActive): only for those who may change projects. */
  setActive?: ((project: Project, isActive: boolean) => void) | undefined;
}

/** The Project Records columns, declared once: what each shows and which sort key it uses. */
export function projectColumns(
  actions: ProjectRowActions,
  options: { showAccount?: boolean } = {},
): DataTableColumn<Project>[] {
  const columns: DataTableColumn<Project>[] = [
    {
      accessor: 'name',
      title: 'Project',
      sortable: true,
      width: '28%',
      render: (project) => <ProjectLink id={project.id}>{project.name}</ProjectLink>,
    },
  ];
  if (options.showAccount !== false) {
    columns.push({
      accessor: 'account',
      title: 'Account',
      render: (project) =>
        project.account ? (
          <StackedCell note={project.account.code}>
            <Text size="sm">{project.account.name}</Text>
          </StackedCell>
        ) : (
          String(project.accountId)
        ),
    });
  }
  columns.push(
    { accessor: 'year', title: 'Year', sortable: true, width: 80 },
    { accessor: 'typeBook', title: 'Book type', sortable: true, render: (project) => bookType.label(project.typeBook) },
    {
      accessor: 'pageCount',
      title: 'Pages',
      textAlign: 'right',
      render: (project) => project.pageCount ?? '—',
    },
    {
      accessor: 'submissionDeadline',
      title: 'Submission deadline',
      sortable: true,
      noWrap: true,
      render: (project) => (project.submissionDeadline ? formatCalendarDate(project.submissionDeadline) : '—'),
    },
    {
      accessor: 'inHomeDate',
      title: 'In-home date',
      sortable: true,
      noWrap: true,
      render: (project) => (project.inHomeDate ? formatCalendarDate(project.inHomeDate) : '—'),
    },
    {
      accessor: 'isActive',
      title: 'Status',
      width: 100,
      render: (project) => <ActiveBadge active={project.isActive} />,
    },
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      width: 90,
      render: (project) => (
        <RowActionsMenu name={project.name}>
          <Menu.Item leftSection={<IconExternalLink size={14} />} onClick={() => actions.open(project)}>
            Open
          </Menu.Item>
          {actions.setActive ? (
            project.isActive ? (
              <Menu.Item
                color="red"
                leftSection={<IconArchive size={14} />}
                onClick={() => actions.setActive?.(project, false)}
              >
                Deactivate
              </Menu.Item>
            ) : (
              <Menu.Item leftSection={<IconArchiveOff size={14} />} onClick={() => actions.setActive?.(project, true)}>
                Reactivate
              </Menu.Item>
            )
          ) : null}
        </RowActionsMenu>
      ),
    },
  );
  return columns;
}
