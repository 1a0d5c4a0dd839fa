import type { Proof } from '@colophon/contract';
import { bookType, formatDate, formatDateTime, proofFileKind, proofProcessingStatus } from '@colophon/domain';
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
      // The account and book type ride under the project, and every other cell keeps to one line, so
      // a row is two lines and the table fits a 1440 px screen without scrolling sideways: this column
      // takes the width the others leave (at least 220 px), and a name longer than that ends in an
      // ellipsis, whole on hover.
      cellsStyle: () => ({ width: '100%', maxWidth: 0, minWidth: 220 }),
      render: (proof) => {
        const detail = `${proof.accountName} · ${bookType.label(proof.typeBook)}${
          proof.kind !== 'pages' ? ` · ${proofFileKind.label(proof.kind)}` : ''
        }`;
        return (
          <Stack gap={0}>
            <Text size="sm" truncate="end" title={proof.projectName}>
              <ProofLink id={proof.id}>{proof.projectName}</ProofLink>
            </Text>
            <Text size="xs" c="dimmed" truncate="end" title={detail}>
              {detail}
            </Text>
          </Stack>
        );
      },
    },
    { accessor: 'year', title: 'Year', sortable, width: 60 },
    { accessor: 'roundNumber', title: 'Round', sortable, textAlign: 'right', width: 68 },
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
      // Once processed, what the preflight found says more than "Processed"; until then, where it is.
      accessor: 'processingStatus',
      title: 'Preflight',
      sortable,
      noWrap: true,
      render: (proof) =>
        proof.processingStatus === proofProcessingStatus.Processed ? (
          <FindingsSummary proof={proof} size="xs" />
        ) : (
          <ProcessingBadge status={proof.processingStatus} />
        ),
    },
    {
      accessor: 'pageCount',
      title: 'Pages',
      sortable,
      textAlign: 'right',
      render: (proof) => proof.pageCount ?? '—',
    },
    {
      accessor: 'createdAt',
      title: 'Uploaded',
      sortable,
      noWrap: true,
      // The date; the time on hover.
      render: (proof) => (
        <Text size="sm" title={formatDateTime(proof.createdAt, zone)}>
          {formatDate(proof.createdAt, zone)}
        </Text>
      ),
    },
  );
  return columns;
}
