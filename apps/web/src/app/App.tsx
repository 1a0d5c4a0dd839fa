import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
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

/** Mantine with the person's theme: dark is dark; light and semi-dark are light content. */
export function UiProviders({ children }: { children: ReactNode }) {
  const [themeMode] = useThemePreference();
  const dir = useTextDirection();
  return (
    <DirectionProvider initialDirection={dir} detectDirection={false}>
      <DirectionSync />
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        forceColorScheme={themeMode === 'dark' ? 'dark' : 'light'}
      >
        <NotificationsHost position="top-right" />
        {children}
      </MantineProvider>
    </DirectionProvider>
  );
}

export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <UiProviders>
        <RouterProvider router={router} />
      </UiProviders>
    </QueryClientProvider>
  );
}
