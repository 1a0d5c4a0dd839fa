import { type AdminPage, adminPageByPath, LOGIN_PATH, PROFILE_PATH } from '@colophon/domain';
import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, Outlet, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { userCan } from '../lib/access';
import { isApiError } from '../lib/api-client';
import { landingPath, sessionQueryOptions } from '../lib/auth-session';
import { lazyPage } from '../lib/chunk-reload';
import { hasValidSession, needsMfa, sessionStore } from '../lib/session';
import { RouteErrorPage } from '../shell/RouteErrorPage';

export interface RouterContext {
  queryClient: QueryClient;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The admin page of the domain's catalogue this route shows (title, permission, group). */
    page?: AdminPage;
  }
}

export const redirectSearchSchema = z.object({ redirect: z.string().max(2000).optional().catch(undefined) });

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  errorComponent: RouteErrorPage,
});

/** Signed out: login, with the page asked for as redirect. Mid sign-in: the step still owed. */
export const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'admin',
  beforeLoad: async ({ location, context }) => {
    const session = sessionStore.get();
    if (!hasValidSession(session)) {
      sessionStore.clear();
      throw redirect({ to: LOGIN_PATH, search: { redirect: location.href } });
    }
    try {
      await context.queryClient.ensureQueryData(sessionQueryOptions);
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        throw redirect({ to: LOGIN_PATH, search: { redirect: location.href } });
      }
      throw error;
    }
    const current = sessionStore.get();
    if (!current) throw redirect({ to: LOGIN_PATH, search: { redirect: location.href } });
    if (needsMfa(current) || current.user.mustChangePassword) {
      throw redirect({ href: landingPath(current, location.href) });
    }
  },
  // Issue 9: the shell (header, navigation, their menus and icons) is its own chunk, loaded after
  // sign-in with the page: the login page does without it.
  component: lazyPage(() => import('../shell/AdminLayout'), 'AdminLayout'),
});

/** The entry check of an admin page: `can()` on its permission, else Profile with the reason. */
export function pageRoute(path: string) {
  const page = adminPageByPath(path);
  if (!page) throw new Error(`${path} is not in the domain's admin page catalogue`);
  return {
    staticData: { page },
    beforeLoad: () => {
      if (userCan(sessionStore.get()?.user, page.permission)) return;
      notifications.show({
        id: `no-access-${page.path}`,
        color: 'red',
        title: 'No access',
        message: `You do not have access to ${page.title}`,
      });
      throw redirect({ to: PROFILE_PATH });
    },
  };
}

const recordId = z.coerce.number().int().positive().catch(0);

/** A record's id in the path (`$orderId`): a number, or 0 for anything else (the page says not found). */
export function recordIdParams<const Key extends string>(key: Key) {
  return {
    parse: (params: Record<Key, string>) => ({ [key]: recordId.parse(params[key]) }) as Record<Key, number>,
    stringify: (params: Record<Key, number>) => ({ [key]: String(params[key]) }) as Record<Key, string>,
  };
}
