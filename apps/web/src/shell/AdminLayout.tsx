// Date pickers and data tables appear only behind sign-in: their styles load with the admin shell
// (a chunk of its own, issue 9), not with the login page.
import '@mantine/dates/styles.css';
import 'mantine-datatable/styles.css';

import { AppShell, Box, LoadingOverlay } from '@mantine/core';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { useThemePreference } from '../app/preferences';
import { useLiveEvents } from '../lib/live-events';
import { HeaderBar } from './HeaderBar';
import { ImpersonationBanner } from './ImpersonationBanner';
import { Navbar } from './Navbar';
import classes from './shell.module.css';
import { WalkthroughAutostart } from './walkthroughs';

/** The admin area's frame (vertical layout): header, navigation, the impersonation banner, the page. */
export function AdminLayout() {
  // The tab's one live event stream (lib/live-events.ts). It lives in the signed-in shell, so the
  // login page's script does not carry it (issue 9's budget) and no one signed out listens.
  useLiveEvents();
  const [themeMode] = useThemePreference();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const routeLoading = useRouterState({ select: (state) => state.isLoading });
  // The mobile navigation is open on the page it was opened on: any navigation closes it.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const navbarOpened = openedOn === pathname;
  const toggle = () => setOpenedOn(navbarOpened ? null : pathname);

  return (
    <AppShell
      layout="default"
      header={{ height: 64 }}
      navbar={{ width: 264, breakpoint: 'md', collapsed: { mobile: !navbarOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <HeaderBar navbarOpened={navbarOpened} onToggleNavbar={toggle} />
      </AppShell.Header>
      <AppShell.Navbar className={themeMode === 'semi-dark' ? classes.semiDark : undefined}>
        <Navbar />
      </AppShell.Navbar>
      <AppShell.Main>
        <ImpersonationBanner />
        <Box pos="relative" mt="md" mih={200} id="main-content">
          <LoadingOverlay
            visible={routeLoading}
            zIndex={50}
            overlayProps={{ blur: 1 }}
            loaderProps={{ 'aria-label': 'Loading page' }}
          />
          <Outlet />
          <WalkthroughAutostart />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
