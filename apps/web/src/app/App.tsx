import { DirectionProvider, MantineProvider, type MantineProviderProps, useDirection } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { NotificationsHost } from './NotificationsHost';
import { useTextDirection, useThemePreference } from './preferences';
import type { AppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

/** Keeps the document's direction on the person's right-to-left setting. */
function DirectionSync() {
  const dir = useTextDirection();
  const { setDirection } = useDirection();
  useEffect(() => setDirection(dir), [dir, setDirection]);
  return null;
}

type MantineEnvironment = MantineProviderProps['env'];

/**
 * Mantine with the person's theme: dark is dark; light and semi-dark are light content. Tests that
 * render the whole app pass `env="test"`: no transitions (whose timers race on a busy machine: a
 * menu stayed `display: none` after opening) and no portals.
 */
export function UiProviders({ children, env }: { children: ReactNode; env?: MantineEnvironment }) {
  const [themeMode] = useThemePreference();
  const dir = useTextDirection();
  return (
    <DirectionProvider initialDirection={dir} detectDirection={false}>
      <DirectionSync />
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        forceColorScheme={themeMode === 'dark' ? 'dark' : 'light'}
        env={env}
      >
        <NotificationsHost position="top-right" />
        {children}
      </MantineProvider>
    </DirectionProvider>
  );
}

export function App({
  router,
  queryClient,
  env,
}: {
  router: AppRouter;
  queryClient: QueryClient;
  env?: MantineEnvironment;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <UiProviders env={env}>
        <RouterProvider router={router} />
      </UiProviders>
    </QueryClientProvider>
  );
}
