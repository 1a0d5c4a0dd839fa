import type { APIRequestContext, Page } from '@playwright/test';

/** The password of every demo user (DEMO_PASSWORD's default). */
export const DEMO_PASSWORD = 'colophon-demo';

/** One demo sign-in per role (see packages/db/src/seed/demo.ts). */
export const DEMO_USERS = {
  superAdmin: 'super@colophon.test',
  owner: 'owner@colophon.test',
  studioAdmin: 'studioadmin@colophon.test',
  contact: 'contact@colophon.test',
  salesRep: 'salesrep@colophon.test',
  schoolAdmin: 'schooladmin@colophon.test',
  adviser: 'adviser@colophon.test',
  volunteer: 'volunteer@colophon.test',
  salesManager: 'salesmanager@colophon.test',
  treasurer: 'treasurer@colophon.test',
  mfa: 'mfa@colophon.test',
  direct: 'direct@colophon.test',
  newAdviser: 'newadviser@colophon.test',
} as const;

/**
 * Signs in through the login screen: fills 'Email' and 'Password' and presses 'Sign in'. Opens
 * /login first unless the page is already there (so a redirect back after sign-in is kept). It does
 * not wait for what comes next (the dashboard, the MFA step or an error): the spec asserts that.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const current = page.url();
  if (!current.startsWith('http') || new URL(current).pathname !== '/login') await page.goto('/login');
  // Anchored: a required field's label reads 'Email *', and the eye button is 'Toggle password visibility'.
  await page.getByLabel(/^Email\b/).fill(email);
  await page.getByLabel(/^Password\b/).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in through the API and returns the bearer token (for `Authorization: Bearer <token>`). */
export async function apiToken(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await request.post('/api/auth/login', { data: { email, password } });
  if (!response.ok()) {
    throw new Error(`API sign-in of ${email} failed: ${response.status()} ${await response.text()}`);
  }
  const body = (await response.json()) as { token?: unknown };
  if (typeof body.token !== 'string') {
    throw new Error(`API sign-in of ${email} answered without a token.`);
  }
  return body.token;
}

/** The headers of an API call as `email` (pass to `request.get(url, { headers })`). */
export async function authHeaders(request: APIRequestContext, email: string): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await apiToken(request, email)}` };
}
