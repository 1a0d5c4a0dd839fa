import { type Preset, presetsContract } from '@colophon/contract';
import { getRouteApi } from '@tanstack/react-router';
import type { JSX } from 'react';
import { QueryState } from '../../components/feedback/QueryState';
import { ResourcePage } from '../../components/resource-page';
import { useProjectOptions } from '../projects';
import { presetsResource } from './api';
import { presetColumns, usePresetOwnership } from './columns';
import { PresetForm } from './PresetForm';

const route = getRouteApi('/admin/presets');

/** /admin/presets: saved book specifications to start projects from; create, edit and delete them. */
export function PresetsPage(): JSX.Element {
  return (
    <ResourcePage
      contract={presetsContract}
      resource={presetsResource}
      route={route}
      label="Presets"
      emptyText={(filtered) =>
        filtered
          ? 'No presets match these filters'
          : 'No presets yet: save a book specification to start projects from it'
      }
      filters={[
        { key: 'search', kind: 'search', placeholder: 'Preset name' },
        { key: 'accountId', kind: 'account' },
      ]}
      columns={presetColumns}
      deleteMessage={(preset) => `${preset.name} will be deleted. Projects started from it keep their specification.`}
      editTitle="Preset"
      drawerSize="xl"
      loadingLabel="Loading the preset…"
      drawerForm={PresetDrawerForm}
    />
  );
}

/** The book-spec form needs the project options; a preset of the account above the caller's is read-only. */
function PresetDrawerForm({ record, onDone }: { record?: Preset; onDone: () => void }) {
  const options = useProjectOptions();
  const ownership = usePresetOwnership(record ? [record] : []);
  return (
    <QueryState query={options} loadingLabel="Loading the options…">
      {(data) => (
        <PresetForm
          preset={record}
          options={data}
          readOnly={record ? !ownership.isOwn(record) : false}
          onDone={onDone}
        />
      )}
    </QueryState>
  );
}
