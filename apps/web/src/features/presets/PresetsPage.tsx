import { type Preset, presetsContract } from '@colophon/contract';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { getRouteApi } from '@tanstack/react-router';
import type { JSX } from 'react';
import { DataTable } from '../../components/data-table/DataTable';
import { QueryState } from '../../components/feedback/QueryState';
import { useConfirmedDelete } from '../../components/feedback/useConfirmedAction';
import { GuardedDrawer } from '../../components/form/DirtyGuard';
import { useListPage } from '../../lib/list-page';
import { useSession } from '../../lib/session';
import { useAccountsByIds, useProjectOptions } from '../projects';
import { presetsResource } from './api';
import { isOwnPreset, presetColumns } from './columns';
import { PresetForm } from './PresetForm';

const route = getRouteApi('/admin/presets');

/** /admin/presets: saved book specifications to start projects from; create, edit and delete them. */
export function PresetsPage(): JSX.Element {
  const page = useListPage(route.useSearch(), route.useNavigate(), presetsResource, presetsContract);
  const { edit, list, closeDrawer } = page;
  const zone = useSession()?.user.timezone;
  const accountIds = (page.query.data?.data ?? []).map((preset) => preset.accountId);
  const accountsQuery = useAccountsByIds(accountIds);
  const accounts = new Map((accountsQuery.data?.data ?? []).map((account) => [account.id, account]));
  const ownership = { accounts, accountsLoaded: accountsQuery.isSuccess };
  const remove = presetsResource.useRemove();
  const deletion = useConfirmedDelete<Preset>('preset', remove.mutateAsync, {
    message: (preset) => `${preset.name} will be deleted. Projects started from it keep their specification.`,
    onDone: (preset) => {
      if (edit === preset.id) closeDrawer();
    },
  });

  return (
    <>
      <DataTable<Preset>
        label="Presets"
        columns={presetColumns(zone, {
          ...ownership,
          open: (preset) => page.openDrawer(preset.id),
          remove: deletion.ask,
        })}
        query={page.query}
        search={list}
        onSearchChange={page.setSearch}
        emptyText={
          page.filtersActive
            ? 'No presets match these filters'
            : 'No presets yet: save a book specification to start projects from it'
        }
        onExport={page.exportCsv}
        filters={[
          { key: 'search', kind: 'search', placeholder: 'Preset name' },
          { key: 'accountId', kind: 'account' },
        ]}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => page.openDrawer('new')}>
            New preset
          </Button>
        }
      />

      {deletion.dialog}

      <GuardedDrawer
        opened={edit !== undefined}
        onClose={closeDrawer}
        title={edit === 'new' ? 'New preset' : 'Preset'}
        position="right"
        size="xl"
      >
        {edit !== undefined ? <PresetDrawerBody id={edit} onDone={closeDrawer} /> : null}
      </GuardedDrawer>
    </>
  );
}

function PresetDrawerBody({ id, onDone }: { id: number | 'new'; onDone: () => void }) {
  const options = useProjectOptions();
  const preset = presetsResource.useDetail(id === 'new' ? null : id);
  // A preset of an account the caller does not see (the studio above a school) is read-only.
  const owner = useAccountsByIds(preset.data ? [preset.data.accountId] : []);
  const ownership = {
    accounts: new Map((owner.data?.data ?? []).map((account) => [account.id, account])),
    accountsLoaded: owner.isSuccess,
  };
  if (id === 'new') {
    return (
      <QueryState query={options} loadingLabel="Loading the options…">
        {(data) => <PresetForm options={data} onDone={onDone} />}
      </QueryState>
    );
  }
  return (
    <QueryState query={options} loadingLabel="Loading the options…">
      {(data) => (
        <QueryState query={preset} loadingLabel="Loading the preset…">
          {(record) => (
            <PresetForm
              key={record.id}
              preset={record}
              options={data}
              readOnly={!isOwnPreset(record, ownership)}
              onDone={onDone}
            />
          )}
        </QueryState>
      )}
    </QueryState>
  );
}
