import type { UpcomingSubmission } from '@colophon/contract';
import { bookType, formatCalendarDate } from '@colophon/domain';
import { Stack, Text } from '@mantine/core';
import type { DataTableColumn } from '../../components/data-table/DataTable';
import { ProjectLink } from '../projects';
import { DeadlineBadge } from './DeadlineBadge';

/** The upcoming submissions' columns: the deadline and its warning first, then the project. */
export function upcomingColumns(options: { linkProjects: boolean }): DataTableColumn<UpcomingSubmission>[] {
  return [
    {
      accessor: 'submissionDeadline',
      title: 'Submission deadline',
      noWrap: true,
      render: (row) => formatCalendarDate(row.submissionDeadline),
    },
    {
      accessor: 'daysUntilDeadline',
      title: 'Days left',
      noWrap: true,
      width: 160,
      render: (row) => <DeadlineBadge daysLeft={row.daysUntilDeadline} />,
    },
    {
      accessor: 'projectName',
      title: 'Project',
      render: (row) =>
        options.linkProjects ? <ProjectLink id={row.projectId}>{row.projectName}</ProjectLink> : row.projectName,
    },
    {
      accessor: 'accountName',
      title: 'Account',
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm">{row.accountName}</Text>
          <Text size="xs" c="dimmed">
            {row.accountCode}
          </Text>
        </Stack>
      ),
    },
    { accessor: 'year', title: 'Year', width: 80 },
    { accessor: 'typeBook', title: 'Book type', render: (row) => bookType.label(row.typeBook) },
    {
      accessor: 'inHomeDate',
      title: 'In-home date',
      noWrap: true,
      render: (row) => (row.inHomeDate ? formatCalendarDate(row.inHomeDate) : '—'),
    },
  ];
}
