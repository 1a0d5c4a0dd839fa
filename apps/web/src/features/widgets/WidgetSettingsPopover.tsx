import type { WidgetSettings } from '@colophon/contract';
import { WIDGET_MAX_LIMIT } from '@colophon/domain';
import { ActionIcon, Button, Group, NumberInput, Popover, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { AccountPicker } from '../../components/account-picker/AccountPicker';
import { InlineMessage } from '../../components/feedback/InlineMessage';
import { errorMessage } from '../../lib/api-client';

/** A widget's settings (rows shown, one account's tree, hidden), saved with `POST widgets/{name}`. */
export function WidgetSettingsPopover({
  title,
  settings,
  save,
  saving,
}: {
  title: string;
  settings: WidgetSettings;
  save: (settings: Partial<WidgetSettings>) => Promise<unknown>;
  saving: boolean;
}) {
  const [opened, setOpened] = useState(false);
  const [limit, setLimit] = useState<number | string>(settings.limit);
  const [accountId, setAccountId] = useState<number | null>(settings.accountId);
  const [error, setError] = useState<string | null>(null);

  const open = () => {
    setLimit(settings.limit);
    setAccountId(settings.accountId);
    setError(null);
    setOpened(true);
  };
  const submit = async (patch: Partial<WidgetSettings>, done: string) => {
    setError(null);
    try {
      await save(patch);
      setOpened(false);
      notifications.show({ color: 'green', title: 'Saved', message: done });
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  const limitValid = typeof limit === 'number' && limit >= 1 && limit <= WIDGET_MAX_LIMIT;

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" withArrow trapFocus width={320}>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          aria-label={`Settings of ${title}`}
          onClick={() => (opened ? setOpened(false) : open())}
        >
          <IconSettings size={18} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (limitValid) void submit({ limit, accountId }, `${title} is set.`);
          }}
        >
          <Stack gap="sm">
            <NumberInput
              label="Rows to show"
              min={1}
              max={WIDGET_MAX_LIMIT}
              allowDecimal={false}
              value={limit}
              onChange={setLimit}
              error={limitValid ? null : `From 1 to ${WIDGET_MAX_LIMIT}`}
            />
            <AccountPicker
              label="Account"
              placeholder="All my accounts"
              description="Only this account and the accounts below it"
              value={accountId}
              onChange={setAccountId}
              comboboxProps={{ withinPortal: false }}
            />
            <InlineMessage message={error} />
            <Group justify="space-between">
              <Button
                variant="subtle"
                color="gray"
                size="xs"
                onClick={() => void submit({ hidden: true }, `${title} is hidden. You can show it again below.`)}
              >
                Hide widget
              </Button>
              <Button type="submit" size="xs" loading={saving} disabled={!limitValid}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
