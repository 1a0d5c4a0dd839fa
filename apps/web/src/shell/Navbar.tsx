import { navigationTarget } from '@colophon/domain';
import { AppShell, Avatar, Button, Group, NavLink, type NavLinkProps, ScrollArea, Stack, Text } from '@mantine/core';
import { IconLogout, IconStarFilled } from '@tabler/icons-react';
import { useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { useMemo } from 'react';
import { signOut } from '../lib/auth-session';
import { displayName, useSession } from '../lib/session';
import { builtPagePaths } from './built-pages';
import { navigationFor } from './navigation';
import classes from './shell.module.css';
import { useStarredPages } from './starred-pages';
import { useHrefNavigation } from './useHrefNavigation';

/** The vertical navigation: starred pages, then the allowed pages by group, then the user and sign-out. */
export function Navbar() {
  const router = useRouter();
  const navigate = useNavigate();
  const session = useSession();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { shown: starred } = useStarredPages();
  const built = useMemo(() => builtPagePaths(router), [router]);
  const groups = useMemo(() => navigationFor(session?.user, built), [session?.user, built]);

  const isActive = (path: string) => pathname === path || pathname.startsWith(`${path}/`);

  return (
    <>
      <AppShell.Section grow component={ScrollArea} type="scroll">
        <nav aria-label="Main navigation">
          <Stack gap="md" p="xs">
            {starred.length > 0 ? (
              <NavGroup
                id="nav-starred"
                label="Starred"
                pages={starred}
                linkProps={(path) => ({
                  leftSection: <IconStarFilled size={14} aria-hidden />,
                  active: pathname === path,
                })}
              />
            ) : null}
            {groups.map(({ group, pages }) => (
              <NavGroup
                key={group}
                id={`nav-group-${group.replace(/\W+/g, '-').toLowerCase()}`}
                label={group}
                pages={pages}
                linkProps={(path) => ({ active: isActive(path), 'aria-current': isActive(path) ? 'page' : undefined })}
              />
            ))}
          </Stack>
        </nav>
      </AppShell.Section>
      {session ? (
        <AppShell.Section p="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Group gap="sm" wrap="nowrap" mb="xs">
            <Avatar src={session.user.uriAvatar} alt="" radius="xl" size="sm" name={displayName(session.user)} />
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} truncate>
                {displayName(session.user)}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {session.user.email}
              </Text>
            </div>
          </Group>
          <Button
            fullWidth
            variant="default"
            leftSection={<IconLogout size={16} />}
            onClick={() => void signOut(() => navigate({ to: '/login' }))}
          >
            Sign out
          </Button>
        </AppShell.Section>
      ) : null}
    </>
  );
}

/** A titled group of the navigation's pages: its label names the list for screen readers. */
function NavGroup({
  id,
  label,
  pages,
  linkProps,
}: {
  id: string;
  label: string;
  pages: readonly { path: string; title: string }[];
  /** What the group's links add: an icon, which one is active. */
  linkProps: (path: string) => Partial<NavLinkProps> & { 'aria-current'?: 'page' | undefined };
}) {
  const linkTo = useHrefNavigation();
  return (
    <div>
      <Text size="xs" fw={700} c="dimmed" px="sm" mb={4} className={classes.groupLabel} id={id}>
        {label}
      </Text>
      <ul aria-labelledby={id} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {pages.map((page) => (
          <li key={page.path}>
            <NavLink
              component="a"
              {...linkTo(page.path)}
              className={classes.navLink}
              label={page.title}
              data-tour={navigationTarget(page.path)}
              {...linkProps(page.path)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
