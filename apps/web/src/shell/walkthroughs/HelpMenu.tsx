import { presentSteps, type Walkthrough, walkthroughsOf, walkthroughTargets } from '@colophon/domain';
import { ActionIcon, Box, Menu, Switch, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHelpCircle } from '@tabler/icons-react';
import { useRouterState } from '@tanstack/react-router';
import type { JSX } from 'react';
import { errorMessage } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { useResetWalkthroughs } from './api';
import { useWalkthroughAutostart } from './preference';
import { isWalkthroughTargetPresent } from './targets';
import { useStartWalkthrough } from './useStartWalkthrough';

/**
 * The header's help menu: the walkthroughs of this page, to start again at any time; whether they
 * start by themselves on this browser; and "Show every walkthrough again" (they start by
 * themselves once more, each on its page).
 */
export function HelpMenu(): JSX.Element {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const tours = walkthroughsOf(pathname);
  const start = useStartWalkthrough();
  const [autostart, setAutostart] = useWalkthroughAutostart();
  const reset = useResetWalkthroughs();
  const impersonating = useSession()?.impersonating ?? false;

  const startFromMenu = (tour: Walkthrough) => {
    const steps = presentSteps(tour, isWalkthroughTargetPresent);
    if (steps.length === 0) {
      notifications.show({
        color: 'blue',
        title: tour.title,
        message: 'Nothing this walkthrough shows is on the page just now.',
      });
      return;
    }
    void start(tour, steps);
  };

  return (
    <Menu position="bottom-end" shadow="md" withArrow>
      <Menu.Target>
        <Tooltip label="Help">
          <ActionIcon variant="subtle" size="lg" aria-label="Help" data-tour={walkthroughTargets.helpMenu}>
            <IconHelpCircle size={20} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Walkthroughs of this page</Menu.Label>
        {tours.length === 0 ? (
          <Menu.Item disabled>No walkthrough for this page</Menu.Item>
        ) : (
          tours.map((tour) => (
            <Menu.Item key={tour.id} onClick={() => startFromMenu(tour)}>
              {tour.title}
            </Menu.Item>
          ))
        )}
        <Menu.Divider />
        <Box px="sm" py={6}>
          <Switch
            size="sm"
            label="Start walkthroughs by themselves"
            checked={autostart}
            onChange={(event) => setAutostart(event.currentTarget.checked)}
          />
        </Box>
        <Menu.Item
          disabled={impersonating || reset.isPending}
          onClick={() =>
            reset.mutate(undefined, {
              onSuccess: () =>
                notifications.show({
                  color: 'green',
                  message: 'Every walkthrough will start by itself again, each on its page.',
                }),
              onError: (error) =>
                notifications.show({ color: 'red', title: 'Could not reset', message: errorMessage(error) }),
            })
          }
        >
          Show every walkthrough again
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
