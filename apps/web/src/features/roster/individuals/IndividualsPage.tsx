import { rosterGrade, rosterPersonStatus, rosterRole } from '@colophon/domain';
import type { SchoolData } from '@colophon/roster/contract';
import { Button, Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconUserMinus } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import { type JSX, useState } from 'react';
import { DataTable } from '../../../components/data-table/DataTable';
import { ConfirmDialog } from '../../../components/feedback/ConfirmDialog';
import { userCan } from '../../../lib/access';
import { errorMessage } from '../../../lib/api-client';
import { type ListSearch, listQuery } from '../../../lib/list-search';
import { useSession } from '../../../lib/session';
import { rosterCall, useRosterList, useRosterMutation, useRosterRecord } from '../api';
import { individualColumns, type Person, personName } from './columns';
import { IndividualCreateDrawer, IndividualDrawer } from './IndividualDrawer';
import { RosterLookupSelect } from './RosterLookupSelect';
import { type IndividualsSearch, individualsSearchSchema } from './search';

const route = getRouteApi('/admin/roster/individuals');

interface BulkRemoved {
  removed: number;
  alreadyRemoved: number;
  notFound: number;
}

/**
 * /admin/roster/individuals: the people of the caller's schools, searched by name and filtered by
 * school, grade, homeroom, role and status on the server (the filters live in the URL); a person's
 * drawer edits them and their portrait, and a selection can be removed at once.
 */
export function IndividualsPage(): JSX.Element {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const canManage = userCan(useSession()?.user, 'roster.manage');
  const { person: openPersonId, create, ...searched } = search;
  // The route reads grade, role and status loosely: a value the domain does not know is dropped here.
  const list = {
    ...searched,
    grade: rosterGrade.has(searched.grade) ? searched.grade : undefined,
    role: rosterRole.has(searched.role) ? searched.role : undefined,
    status: rosterPersonStatus.has(searched.status) ? searched.status : undefined,
  };
  const query = useRosterList<Person>('/individuals', listQuery(list));
  const setSearch = (patch: Partial<IndividualsSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }) });
  /** The table's change of page, size, sort or filter: a sort the roster does not know is dropped, as in the URL. */
  const setListSearch = ({ sort, ...patch }: Partial<ListSearch>) =>
    setSearch(sort === undefined ? patch : { ...patch, sort: individualsSearchSchema.shape.sort.parse(sort) });

  // Homerooms are the chosen school's (its roster at a glance lists them); without a school there are too many to offer.
  const schoolData = useRosterRecord<SchoolData>('/schools', list.schoolId ?? null, {
    url: `/schools/${list.schoolId}/data`,
  });
  const homerooms = (schoolData.data?.homerooms.data ?? []).map((room) => ({
    value: room.homeroom,
    label: `${room.homeroom} (${room.students})`,
  }));

  const [toRemove, setToRemove] = useState<{ people: Person[]; clear: () => void } | null>(null);
  const bulkRemove = useRosterMutation<BulkRemoved[], Person[]>(['/individuals', '/schools'], {
    // The roster removes one school's people per call (in one transaction): a selection across schools is one call each.
    mutationFn: (people) => {
      const bySchool = new Map<number, Person[]>();
      for (const person of people) bySchool.set(person.schoolId, [...(bySchool.get(person.schoolId) ?? []), person]);
      return Promise.all(
        [...bySchool].map(([schoolId, ofSchool]) =>
          rosterCall<BulkRemoved>('post', '/individuals/bulk-remove', {
            body: { schoolId, ids: ofSchool.map((person) => person.id) },
          }),
        ),
      );
    },
  });

  const removeSelected = async () => {
    if (!toRemove) return;
    try {
      const answers = await bulkRemove.mutateAsync(toRemove.people);
      const removed = answers.reduce((sum, answer) => sum + answer.removed, 0);
      notifications.show({
        color: 'green',
        title: 'Removed',
        message: removed === 1 ? '1 person is removed from the book.' : `${removed} people are removed from the book.`,
      });
      toRemove.clear();
    } catch (error) {
      notifications.show({ color: 'red', title: 'Not removed', message: errorMessage(error), autoClose: false });
    } finally {
      setToRemove(null);
    }
  };

  return (
    <>
      <DataTable<Person>
        label="Individuals"
        columns={individualColumns((person) => setSearch({ person: person.id, create: undefined }))}
        query={query}
        search={list}
        onSearchChange={setListSearch}
        emptyText="No people match these filters"
        filters={[
          { key: 'search', kind: 'search', placeholder: 'Name' },
          {
            key: 'schoolId',
            kind: 'custom',
            keys: ['homeroom'],
            render: (value) => (
              <RosterLookupSelect
                path="/schools"
                label="School"
                plural="schools"
                placeholder="Any"
                w={220}
                value={value as number | undefined}
                // Another school's homerooms are not this one's: the homeroom filter goes with it.
                onChange={(next) => setSearch({ schoolId: next ?? undefined, homeroom: undefined, page: undefined })}
              />
            ),
          },
          {
            key: 'grade',
            kind: 'custom',
            render: (value, onChange) => (
              <Select
                label="Grade"
                placeholder="Any"
                clearable
                w={140}
                data={rosterGrade.options()}
                value={(value as string | undefined) ?? null}
                onChange={(next) => onChange(next ?? undefined)}
              />
            ),
          },
          {
            key: 'homeroom',
            kind: 'custom',
            render: (value, onChange) => (
              <Select
                label="Homeroom"
                placeholder={list.schoolId ? 'Any' : 'Choose a school first'}
                clearable
                searchable
                w={180}
                disabled={!list.schoolId}
                data={homerooms}
                value={(value as string | undefined) ?? null}
                onChange={(next) => onChange(next ?? undefined)}
              />
            ),
          },
          {
            key: 'role',
            kind: 'custom',
            render: (value, onChange) => (
              <Select
                label="Role"
                placeholder="Any"
                clearable
                w={140}
                data={rosterRole.options()}
                value={(value as string | undefined) ?? null}
                onChange={(next) => onChange(next ?? undefined)}
              />
            ),
          },
          {
            key: 'status',
            kind: 'custom',
            render: (value, onChange) => (
              <Select
                label="Status"
                w={140}
                allowDeselect={false}
                data={rosterPersonStatus.options()}
                // The roster lists active people unless asked for the removed ones.
                value={(value as string | undefined) ?? 'active'}
                onChange={(next) => onChange(next === 'active' ? undefined : (next ?? undefined))}
              />
            ),
          },
        ]}
        actions={
          canManage ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setSearch({ create: true, person: undefined })}>
              New person
            </Button>
          ) : null
        }
        bulkActions={
          canManage
            ? (selected, clear) => (
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  leftSection={<IconUserMinus size={14} />}
                  disabled={!selected.some((person) => person.status === 'active')}
                  onClick={() =>
                    setToRemove({ people: selected.filter((person) => person.status === 'active'), clear })
                  }
                >
                  Remove selected
                </Button>
              )
            : undefined
        }
      />

      <ConfirmDialog
        opened={toRemove !== null}
        title={toRemove?.people.length === 1 ? 'Remove person' : 'Remove people'}
        confirmLabel="Remove"
        loading={bulkRemove.isPending}
        onClose={() => setToRemove(null)}
        onConfirm={() => void removeSelected()}
      >
        {toRemove?.people.length === 1
          ? `${personName(toRemove.people[0] as Person)} will be removed from the book. Their portrait and details are kept, and a sync or import that lists them again brings them back.`
          : `${toRemove?.people.length ?? 0} people will be removed from the book. Their portraits and details are kept, and a sync or import that lists them again brings them back.`}
      </ConfirmDialog>

      {canManage ? (
        <IndividualCreateDrawer
          opened={create === true}
          schoolId={list.schoolId}
          onClose={() => setSearch({ create: undefined })}
          onCreated={(person) => setSearch({ create: undefined, person: person.id })}
        />
      ) : null}
      <IndividualDrawer
        personId={openPersonId ?? null}
        canManage={canManage}
        onClose={() => setSearch({ person: undefined })}
      />
    </>
  );
}
