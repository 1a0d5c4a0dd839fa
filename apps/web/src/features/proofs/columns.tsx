import type { Proof } from '@colophon/contract';
import { bookType, formatDateTime, proofFileKind } from '@colophon/domain';
import { Stack, Text } from '@mantine/core';
import type { DataTableColumn } from '../../components/data-table/DataTable';
import { FindingsSummary, InternalStatusBadge, ProcessingBadge, ProofStatusBadge } from './ProofBadges';
import { ProofLink } from './ProofLink';

export interface ProofColumnOptions {
  /** Studio staff (`proofs.internal`) see the plant's internal status. */
  showInternal: boolean;
  /** The user's time zone (EST, CST…). */
  zone: string | undefined;
  /** False for the short lists, which the API does not sort. */
  sortable: boolean;
}

/** The Proofs columns, declared once: what each shows and which server sort key it uses. */
export function proofColumns({ showInternal, zone, sortable }: ProofColumnOptions): DataTableColumn<Proof>[] {
  const columns: DataTableColumn<Proof>[] = [
    {
      accessor: 'projectName',
      title: 'Project',
      sortable,
      // The account rides under the project so the row stays one or two lines on a laptop screen.
      render: (proof) => (
        <Stack gap={0} miw={220}>
          <ProofLink id={proof.id}>{proof.projectName}</ProofLink>
          <Text size="xs" c="dimmed">
            {proof.accountName}
            {proof.kind !== 'pages' ? ` · ${proofFileKind.label(proof.kind)}` : ''}
          </Text>
        </Stack>
      ),
    },
    { accessor: 'year', title: 'Year', sortable, width: 70 },
    { accessor: 'typeBook', title: 'Book type', sortable, render: (proof) => bookType.label(proof.typeBook) },
    { accessor: 'roundNumber', title: 'Round', sortable, textAlign: 'right', width: 80 },
    {
      accessor: 'status',
      title: 'Status',
      sortable,
      noWrap: true,
      render: (proof) => <ProofStatusBadge status={proof.status} />,
    },
  ];
  if (showInternal) {
    columns.push({
      accessor: 'internalStatus',
      title: 'Internal status',
      noWrap: true,
      render: (proof) => <InternalStatusBadge status={proof.internalStatus} />,
    });
  }
  columns.push(
    {
      accessor: 'processingStatus',
      title: 'Processing',
      sortable,
      noWrap: true,
      render: (proof) => <ProcessingBadge status={proof.processingStatus} />,
    },
    {
      accessor: 'pageCount',
      title: 'Pages',
      sortable,
      textAlign: 'right',
      render: (proof) => proof.pageCount ?? '—',
    },
    { accessor: 'summary', title: 'Findings', render: (proof) => <FindingsSummary proof={proof} size="xs" /> },
    {
      accessor: 'createdAt',
      title: 'Uploaded',
      sortable,
      noWrap: true,
      render: (proof) => formatDateTime(proof.createdAt, zone),
    },
  );
  return columns;
}
