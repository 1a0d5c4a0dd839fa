import {
  type AdminPage,
  adminPageByPath,
  type FilterValue,
  LOGIN_PATH,
  PROFILE_PATH,
  parseFilters,
  serializeFilters,
} from '@colophon/domain';
import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  type RouterHistory,
  redirect,
} from '@tanstack/react-router';
import { z } from 'zod';
import {
  auditSearchSchema,
  manufacturersSearchSchema,
  outboxSearchSchema,
  plantsSearchSchema,
} from '../features/super/search';
import { usersSearchSchema } from '../features/users/search';
import { userCan } from '../lib/access';
import { isApiError } from '../lib/api-client';
import { landingPath, sessionQueryOptions } from '../lib/auth-session';
import { lazyPage } from '../lib/chunk-reload';
import { hasValidSession, needsMfa, sessionStore } from '../lib/session';
import { AdminLayout } from '../shell/AdminLayout';
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

const redirectSearchSchema = z.object({ redirect: z.string().max(2000).optional().catch(undefined) });

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  errorComponent: RouteErrorPage,
});

// ----- public pages -------------------------------------------------------------------------

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: LOGIN_PATH });
  },
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: redirectSearchSchema,
  beforeLoad: ({ search }) => {
    const session = sessionStore.get();
    if (hasValidSession(session)) throw redirect({ href: landingPath(session, search.redirect) });
  },
  component: lazyPage(() => import('../features/auth/LoginPage'), 'LoginPage'),
});

const mfaRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'mfa',
  validateSearch: redirectSearchSchema,
  beforeLoad: ({ search }) => {
    const session = sessionStore.get();
    if (!session) throw redirect({ to: LOGIN_PATH, search: { redirect: search.redirect } });
    if (!needsMfa(session)) throw redirect({ href: landingPath(session, search.redirect) });
  },
  component: lazyPage(() => import('../features/auth/MfaPage'), 'MfaPage'),
});

const newPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'new-password',
  validateSearch: z.object({ token: z.string().max(200).optional().catch(undefined) }),
  component: lazyPage(() => import('../features/auth/NewPasswordPage'), 'NewPasswordPage'),
});

/** Part 2: any unknown path goes to login. */
const unknownRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: () => {
    throw redirect({ to: LOGIN_PATH });
  },
});

// ----- admin area ---------------------------------------------------------------------------

/** Signed out: login, with the page asked for as redirect. Mid sign-in: the step still owed. */
const adminRoute = createRoute({
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
  component: AdminLayout,
});

/** The entry check of an admin page: `can()` on its permission, else Profile with the reason. */
function pageRoute(path: string) {
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

const adminIndexRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: PROFILE_PATH });
  },
});

/** Part 2: Profile is the default for any unknown /admin path. */
const adminUnknownRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '$',
  beforeLoad: () => {
    throw redirect({ to: PROFILE_PATH });
  },
});

const profileRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'profile',
  ...pageRoute('/admin/profile'),
  component: lazyPage(() => import('../features/profile/ProfilePage'), 'ProfilePage'),
});

const usersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'users',
  validateSearch: usersSearchSchema,
  ...pageRoute('/admin/users'),
  component: lazyPage(() => import('../features/users/UsersPage'), 'UsersPage'),
});

const plantsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'super/manufacturing-plants',
  validateSearch: plantsSearchSchema,
  ...pageRoute('/admin/super/manufacturing-plants'),
  component: lazyPage(() => import('../features/super/ManufacturingPlantsPage'), 'ManufacturingPlantsPage'),
});

const manufacturersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'super/manufacturers',
  validateSearch: manufacturersSearchSchema,
  ...pageRoute('/admin/super/manufacturers'),
  component: lazyPage(() => import('../features/super/ManufacturersPage'), 'ManufacturersPage'),
});

const auditLogRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'super/audit-log',
  validateSearch: auditSearchSchema,
  ...pageRoute('/admin/super/audit-log'),
  component: lazyPage(() => import('../features/super/AuditLogPage'), 'AuditLogPage'),
});

const outboxRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'super/outbox',
  validateSearch: outboxSearchSchema,
  ...pageRoute('/admin/super/outbox'),
  component: lazyPage(() => import('../features/super/OutboxPage'), 'OutboxPage'),
});

export const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  mfaRoute,
  newPasswordRoute,
  adminRoute.addChildren([
    adminIndexRoute,
    profileRoute,
    usersRoute,
    plantsRoute,
    manufacturersRoute,
    auditLogRoute,
    outboxRoute,
    adminUnknownRoute,
  ]),
  unknownRoute,
]);

function parseSearchParams(searchText: string): Record<string, unknown> {
  const grouped: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(searchText)) {
    const existing = grouped[key];
    grouped[key] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return parseFilters(grouped);
}

function stringifySearchParams(search: Record<string, unknown>): string {
  const filters: Record<string, FilterValue> = {};
  for (const [key, value] of Object.entries(search)) {
    if (isUrlValue(value)) filters[key] = value;
  }
  const text = serializeFilters(filters);
  return text ? `?${text}` : '';
}

function isUrlValue(value: unknown): value is FilterValue {
  const scalar = (item: unknown) =>
    item === null || item === undefined || ['string', 'number', 'boolean'].includes(typeof item);
  return Array.isArray(value) ? value.every(scalar) : scalar(value);
}

export function createAppRouter(queryClient: QueryClient, options: { history?: RouterHistory } = {}) {
  return createRouter({
    routeTree,
    ...(options.history ? { history: options.history } : {}),
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteErrorPage,
    scrollRestoration: true,
    // URLs carry filters as the API takes them (spec part 7): `role[]=3&role[]=5&page=2`.
    parseSearch: parseSearchParams,
    stringifySearch: stringifySearchParams,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
