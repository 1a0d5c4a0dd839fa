import { type FilterValue, LOGIN_PATH, PROFILE_PATH, parseFilters, serializeFilters } from '@colophon/domain';
import type { QueryClient } from '@tanstack/react-query';
import { createRoute, createRouter, type RouterHistory, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { landingPath } from '../lib/auth-session';
import { lazyPage } from '../lib/chunk-reload';
import { hasValidSession, needsMfa, sessionStore } from '../lib/session';
import { RouteErrorPage } from '../shell/RouteErrorPage';
import { adminPageRoutes } from './admin-pages';
import { adminRoute, redirectSearchSchema, rootRoute } from './route-base';

export type { RouterContext } from './route-base';

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

/** Issue 8: the link e-mailed to a new address confirms it. */
const confirmEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'confirm-email',
  validateSearch: z.object({ token: z.string().max(200).optional().catch(undefined) }),
  component: lazyPage(() => import('../features/auth/ConfirmEmailPage'), 'ConfirmEmailPage'),
});

/** Issue 11: the public shipping calculator, signed in or not. */
const shippingCalculatorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'expedited-shipping',
  component: lazyPage(() => import('../features/shipping-calculator/ShippingCalculatorPage'), 'ShippingCalculatorPage'),
});

/** Issue 12: a school's online store, where parents buy (public, signed in or not). */
const storefrontRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'store/$slug',
  component: lazyPage(() => import('../features/storefront/StorefrontPage'), 'StorefrontPage'),
});

/** Issue 15: a parent reads the digital yearbook bought in a store, with the receipt's code (public). */
const mobileYearbooksRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'mobile-yearbooks',
  component: lazyPage(() => import('../features/mobile-yearbooks/MobileYearbookPage'), 'MobileYearbookPage'),
});

/** Part 2: any unknown path goes to login. */
const unknownRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: () => {
    throw redirect({ to: LOGIN_PATH });
  },
});

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

export const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  mfaRoute,
  newPasswordRoute,
  confirmEmailRoute,
  shippingCalculatorRoute,
  storefrontRoute,
  mobileYearbooksRoute,
  adminRoute.addChildren([adminIndexRoute, ...adminPageRoutes, adminUnknownRoute]),
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
