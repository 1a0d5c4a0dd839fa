import { getProofNameCheck, type NameFindingView, type ProofNameCheck } from '@colophon/contract';
import { Alert, Badge, Group, Pagination, Stack, Text, UnstyledButton } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EmptyState, QueryState } from '../../../components/feedback/QueryState';
import { call } from '../../../lib/call';
import { proofKeys } from '../api';
import classes from './review.module.css';

/** Missing students a page of the list (the server pages and sorts it: grade, homeroom, family name). */
export const MISSING_PER_PAGE = 50;

/** The proof's name check against its school's roster (GET /api/proofs/:id/name-check). */
export function useNameCheck(proofId: number, enabled: boolean, page = 1) {
  return useQuery({
    queryKey: [...proofKeys.detail(proofId), 'name-check', page] as const,
    queryFn: ({ signal }) =>
      call(getProofNameCheck, { params: { id: proofId }, query: { page, perPage: MISSING_PER_PAGE } }, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

const reasonLabel: Record<NameFindingView['reason'], string> = {
  misspelling: 'Misspelt',
  swapped: 'Family name first, misspelt',
  nickname: 'Nickname, family name misspelt',
};

/** The words a finding is read out as, in the list and as its pin's hover text. */
const paginationControlNames = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

export function nameFindingText(finding: NameFindingView): string {
  return `Page ${finding.pageNumber}: ‘${finding.found}’ → ${finding.intended}`;
}

function FindingRow({
  finding,
  selected,
  onOpen,
}: {
  finding: NameFindingView;
  selected: boolean;
  onOpen: (finding: NameFindingView) => void;
}) {
  return (
    <UnstyledButton
      className={classes.item}
      data-selected={selected || undefined}
      aria-current={selected ? 'true' : undefined}
      onClick={() => onOpen(finding)}
      aria-label={nameFindingText(finding)}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Badge color="orange" variant="light" size="sm" style={{ flexShrink: 0, textTransform: 'none' }}>
          {reasonLabel[finding.reason]}
        </Badge>
        <Text size="sm">
          Page {finding.pageNumber}: ‘{finding.found}’ → <strong>{finding.intended}</strong>
          {finding.alternatives.length > 0
            ? ` (or ${finding.alternatives.map((alternative) => alternative.intended).join(', ')})`
            : ''}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

/** The missing students of one page of the list, under a heading per grade and homeroom with its total. */
function MissingList({ check, page, onPage }: { check: ProofNameCheck; page: number; onPage: (page: number) => void }) {
  const { missing } = check;
  if (missing.total === 0) return <EmptyState>Every student of the roster is printed.</EmptyState>;
  const totalOf = (grade: string, homeroom: string) =>
    check.missingGroups.find((group) => group.grade === grade && group.homeroom === homeroom)?.count ?? 0;
  const groups: { grade: string; gradeLabel: string; homeroom: string; names: typeof missing.data }[] = [];
  for (const student of missing.data) {
    const last = groups.at(-1);
    if (last && last.grade === student.grade && last.homeroom === student.homeroom) last.names.push(student);
    else
      groups.push({
        grade: student.grade,
        gradeLabel: student.gradeLabel,
        homeroom: student.homeroom,
        names: [student],
      });
  }
  const pages = Math.ceil(missing.total / missing.perPage);
  return (
    <Stack gap="sm">
      {groups.map((group) => {
        const heading = `${group.gradeLabel} · ${group.homeroom || 'No homeroom'}`;
        return (
          <section key={`${group.grade}/${group.homeroom}`} aria-label={heading}>
            <Text fw={600} size="sm" mb={2}>
              {heading}{' '}
              <Text span c="dimmed" size="sm">
                ({totalOf(group.grade, group.homeroom)} missing)
              </Text>
            </Text>
            <Text size="sm">{group.names.map((student) => student.name).join(', ')}</Text>
          </section>
        );
      })}
      {pages > 1 ? (
        <Pagination
          size="sm"
          total={pages}
          value={page}
          onChange={onPage}
          aria-label="Missing students pages"
          // Its arrows are icons: each control and page says what it is to a screen reader.
          getControlProps={(control) => ({ 'aria-label': paginationControlNames[control] })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item} of the missing students` })}
        />
      ) : null}
    </Stack>
  );
}

/**
 * The "Names" tab: the name check of the proof against its school's roster. Each near miss of a
 * roster name opens its page with a pin where the name is printed; the students printed on no page
 * are listed by grade and homeroom.
 */
export function NamesPanel({
  proofId,
  processed,
  selected,
  onOpen,
}: {
  proofId: number;
  processed: boolean;
  selected: NameFindingView | null;
  onOpen: (finding: NameFindingView) => void;
}) {
  const [page, setPage] = useState(1);
  const query = useNameCheck(proofId, processed, page);
  if (!processed)
    return (
      <Text size="sm" c="dimmed">
        The names are checked against the roster when the proof is processed.
      </Text>
    );
  return (
    <QueryState query={query} loadingLabel="Loading the name check…">
      {(check) => {
        if (check.state === 'noRoster') return <EmptyState>No roster for this school.</EmptyState>;
        if (check.state === 'notChecked')
          return (
            <EmptyState>
              This proof was processed before the school's roster came: its names were not checked.
            </EmptyState>
          );
        if (check.state === 'failed')
          return (
            <Alert color="red" variant="light" title="The name check could not run">
              {check.error}
            </Alert>
          );
        return (
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {check.findings.length} possible {check.findings.length === 1 ? 'misspelling' : 'misspellings'} ·{' '}
              {check.missing.total} of {check.studentCount} students on no page · {check.matched} of {check.rosterSize}{' '}
              roster names printed
            </Text>
            <section aria-label="Possible misspellings">
              <Text fw={600} size="sm" mb={4}>
                Possible misspellings
              </Text>
              {check.findings.length === 0 ? (
                <EmptyState>No name looks misspelt.</EmptyState>
              ) : (
                <Stack gap={4}>
                  {check.findings.map((finding) => (
                    <FindingRow
                      key={`${finding.pageNumber}/${finding.box.x}/${finding.box.y}`}
                      finding={finding}
                      selected={
                        selected !== null &&
                        selected.pageNumber === finding.pageNumber &&
                        selected.box.x === finding.box.x &&
                        selected.box.y === finding.box.y
                      }
                      onOpen={onOpen}
                    />
                  ))}
                </Stack>
              )}
            </section>
            <section aria-label="Missing students">
              <Text fw={600} size="sm" mb={4}>
                Students on no page ({check.missing.total})
              </Text>
              <MissingList check={check} page={page} onPage={setPage} />
            </section>
          </Stack>
        );
      }}
    </QueryState>
  );
}
