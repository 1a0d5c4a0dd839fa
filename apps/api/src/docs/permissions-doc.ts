import { adminPages, can, type Permission, permissions, userRole } from '@colophon/domain';
import type { CataloguedRoute } from '../context';

const ROLE_COLUMNS = [8, 7, 16, 99, 3, 5, 6, 22, 20] as const;
const SHORT_ROLE: Record<(typeof ROLE_COLUMNS)[number], string> = {
  8: 'Owner',
  7: 'Studio admin',
  16: 'Contact',
  99: 'Sales rep',
  3: 'School admin',
  5: 'Adviser',
  6: 'Volunteer',
  22: 'Sales mgr',
  20: 'Treasurer',
};

const mark = (allowed: boolean) => (allowed ? '✓' : '·');
const row = (cells: string[]) => `| ${cells.join(' | ')} |`;

function matrixHeader(first: string): string[] {
  const columns = [first, ...ROLE_COLUMNS.map((role) => SHORT_ROLE[role]), 'Super'];
  return [row(columns), row(columns.map(() => '---'))];
}

function matrixRow(label: string, permission: Permission): string {
  return row([
    label,
    ...ROLE_COLUMNS.map((role) => mark(can({ role, bSuperAdmin: false }, permission))),
    mark(can({ role: 8, bSuperAdmin: true }, permission)),
  ]);
}

/**
 * docs/permissions.md, made from the access table and the API's own route catalogue, so the
 * document cannot drift from what the server enforces (a test compares the two).
 */
export function renderPermissionsDoc(routes: CataloguedRoute[]): string {
  const lines: string[] = [
    '# Permissions',
    '',
    'Generated from `packages/domain/src/access.ts` (the role → permission table) and the API route',
    'catalogue by `npm run docs:permissions`; a test fails when this file is stale. The server decides',
    'every request; the web app hides what the server would refuse, using the same `can()`.',
    '',
    'Beyond the role: a user sees only the accounts linked to them plus their children and grandchildren',
    '(super administrators see everything); another tenant’s record answers 404, a refused action 403.',
    'During an impersonation only GET and POST are allowed unless the original user is privileged',
    '(`PRIVILEGED_USER_IDS`), checked before any other rule. Roles: ' +
      ROLE_COLUMNS.map((role) => `${SHORT_ROLE[role]} = ${userRole.label(role)} (${role})`).join(', ') +
      '.',
    '',
    '## Pages',
    '',
    ...matrixHeader('Page'),
    ...adminPages.map((page) => matrixRow(`${page.title} \`${page.path}\``, page.permission)),
    '',
    '## Permissions',
    '',
    ...matrixHeader('Permission'),
    ...permissions.map((permission) => matrixRow(`\`${permission}\``, permission)),
    '',
    '## API routes',
    '',
    'Public routes need no session. “Signed in” routes are open to every signed-in user, and narrow',
    'what they return to the caller’s own records.',
    '',
    row(['Method', 'Route', 'Needs']),
    row(['---', '---', '---']),
  ];
  const sorted = [...routes].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  for (const route of sorted) {
    const needs = route.public ? 'public' : route.permission ? `\`${route.permission}\`` : 'signed in';
    lines.push(row([route.method, `\`${route.url}\``, needs]));
  }
  return `${lines.join('\n')}\n`;
}
