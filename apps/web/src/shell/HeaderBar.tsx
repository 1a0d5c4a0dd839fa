import { PROFILE_PATH, theme as themeEnumeration } from '@colophon/domain';
import {
  ActionIcon,
  Anchor,
  Breadcrumbs,
  Burger,
  Group,
  Popover,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconAdjustmentsHorizontal, IconStar, IconStarFilled } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useRightToLeftPreference, useThemePreference } from '../app/preferences';
import { useStarredPages } from './starred-pages';
import { useHrefNavigation } from './useHrefNavigation';
import { useCurrentPage } from './usePageInfo';
import { HelpMenu } from './walkthroughs';

/** The header of every admin page: breadcrumb, the page title (h1), star, and display settings. */
export function HeaderBar({ navbarOpened, onToggleNavbar }: { navbarOpened: boolean; onToggleNavbar: () => void }) {
  const page = useCurrentPage();
  useEffect(() => {
    document.title = page ? `${page.title} · Colophon` : 'Colophon';
  }, [page]);
  const linkTo = useHrefNavigation();
  const starred = useStarredPages();
  const isStarred = page ? starred.isStarred(page.path) : false;
  const starLabel = isStarred ? 'Remove this page from starred pages' : 'Star this page';

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Burger
          opened={navbarOpened}
          onClick={onToggleNavbar}
          hiddenFrom="md"
          size="sm"
          aria-label={navbarOpened ? 'Close navigation' : 'Open navigation'}
        />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <nav aria-label="Breadcrumb">
            <Breadcrumbs separator="›" separatorMargin={6} fz="xs">
              <Anchor size="xs" {...linkTo(PROFILE_PATH)}>
                Home
              </Anchor>
              {page && page.group !== 'Home' ? (
                <Text size="xs" c="dimmed">
                  {page.group}
                </Text>
              ) : null}
              {page ? (
                <Text size="xs" aria-current="page">
                  {page.title}
                </Text>
              ) : null}
            </Breadcrumbs>
          </nav>
          <Title
            order={1}
            size="h3"
            lh={1.2}
            style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
          >
            {page?.title ?? 'Colophon'}
          </Title>
        </Stack>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {page ? (
          <Tooltip label={starLabel}>
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={starLabel}
              aria-pressed={isStarred}
              onClick={() => starred.toggle({ title: page.title, path: page.path })}
            >
              {isStarred ? <IconStarFilled size={20} /> : <IconStar size={20} />}
            </ActionIcon>
          </Tooltip>
        ) : null}
        <HelpMenu />
        <DisplaySettings />
      </Group>
    </Group>
  );
}

function DisplaySettings() {
  const [themeMode, setThemeMode] = useThemePreference();
  const [rightToLeft, setRightToLeft] = useRightToLeftPreference();
  return (
    <Popover position="bottom-end" shadow="md" withArrow trapFocus>
      <Popover.Target>
        <ActionIcon variant="subtle" size="lg" aria-label="Display settings">
          <IconAdjustmentsHorizontal size={20} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <div>
            <Text size="sm" fw={500} mb={4} id="theme-label">
              Theme
            </Text>
            <SegmentedControl
              aria-labelledby="theme-label"
              data={themeEnumeration.options()}
              value={themeMode}
              onChange={(value) => {
                if (themeEnumeration.has(value)) setThemeMode(value);
              }}
            />
          </div>
          <Switch
            label="Right-to-left"
            checked={rightToLeft}
            onChange={(event) => setRightToLeft(event.currentTarget.checked)}
          />
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
