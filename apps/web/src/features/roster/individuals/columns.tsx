import { rosterGrade, rosterPersonStatus, rosterRole } from '@colophon/domain';
import type { Individual } from '@colophon/roster/contract';
import { Anchor, Badge } from '@mantine/core';
import { StackedCell } from '../../../components/data-table/cells';
import type { DataTableColumn } from '../../../components/data-table/DataTable';
import type { Wire } from '../api';
import { Portrait } from './Portrait';

export type Person = Wire<Individual>;

/** "Ada Lovelace": the name a person is listed and confirmed by. */
export function personName(person: Pick<Person, 'givenName' | 'familyName'>): string {
  return `${person.givenName} ${person.familyName}`.trim();
}

/** The individuals list's columns; the sort keys are the roster's (`familyName`, `grade`, `homeroom`). */
export function individualColumns(open: (person: Person) => void): DataTableColumn<Person>[] {
  return [
    {
      accessor: 'photoKey',
      title: 'Photo',
      width: 64,
      render: (person) => <Portrait person={person} />,
    },
    {
      accessor: 'familyName',
      title: 'Name',
      sortable: true,
      render: (person) => {
        const name = (
          <Anchor component="button" type="button" size="sm" ta="start" onClick={() => open(person)}>
            {personName(person)}
          </Anchor>
        );
        return person.preferredName ? <StackedCell note={`Goes by ${person.preferredName}`}>{name}</StackedCell> : name;
      },
    },
    {
      accessor: 'grade',
      title: 'Grade',
      sortable: true,
      render: (person) => (person.grade ? rosterGrade.label(person.grade) : '—'),
    },
    { accessor: 'homeroom', title: 'Homeroom', sortable: true, render: (person) => person.homeroom ?? '—' },
    { accessor: 'role', title: 'Role', render: (person) => rosterRole.label(person.role) },
    { accessor: 'email', title: 'Email', render: (person) => person.email ?? '—' },
    {
      accessor: 'status',
      title: 'Status',
      render: (person) => (
        <Badge color={person.status === 'active' ? 'green' : 'gray'} variant="light">
          {rosterPersonStatus.label(person.status)}
        </Badge>
      ),
    },
  ];
}
