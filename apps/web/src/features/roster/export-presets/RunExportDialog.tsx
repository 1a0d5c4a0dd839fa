import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { RosterLookupSelect } from '../individuals';
import type { Preset } from './ExportPresetDrawer';

/**
 * A district's preset runs over every school of the district, or over one of them (`schoolId`):
 * asked here before the export is queued. A school's preset needs no question.
 */
export function RunExportDialog({
  preset,
  running,
  onRun,
  onClose,
}: {
  preset: Preset | null;
  running: boolean;
  onRun: (preset: Preset, schoolId: number | undefined) => void;
  onClose: () => void;
}) {
  const [schoolId, setSchoolId] = useState<number | null>(null);
  const close = () => {
    setSchoolId(null);
    onClose();
  };
  return (
    <Modal opened={preset !== null} onClose={close} title={`Run ${preset?.name ?? 'export'}`} centered>
      {preset ? (
        <Stack gap="md">
          <Text size="sm">
            {preset.name} is {preset.ownerName}'s: it exports every school of the district, or only the one chosen here.
          </Text>
          <RosterLookupSelect
            path="/schools"
            label="School"
            plural="schools"
            placeholder="Every school of the district"
            query={{ districtId: preset.districtId ?? undefined }}
            value={schoolId}
            onChange={setSchoolId}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              loading={running}
              onClick={() => {
                onRun(preset, schoolId ?? undefined);
                setSchoolId(null);
              }}
            >
              Run export
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
