import {
  adminPages,
  assignableRoles,
  can,
  type Permission,
  permissions,
  roleOutranks,
  roleRank,
  userRole,
} from '@colophon/domain';
import type { RosterRoute } from '@colophon/roster';
import type { CataloguedRoute } from '../context';

const ROLE_COLUMNS = [
  userRole.StudioOwner,
  userRole.StudioAdministrator,
  userRole.StudioContact,
  userRole.SalesRep,
  userRole.SchoolAdministrator,
  userRole.SchoolYearbookAdviser,
  userRole.SchoolYearbookVolunteer,
  userRole.SchoolYearbookSalesManager,
  userRole.Treasurer,
] as const;
const SHORT_ROLE: Record<(typeof ROLE_COLUMNS)[number], string> = {
  [userRole.StudioOwner]: 'Owner',
  [userRole.StudioAdministrator]: 'Studio admin',
  [userRole.StudioContact]: 'Contact',
  [userRole.SalesRep]: 'Sales rep',
  [userRole.SchoolAdministrator]: 'School admin',
  [userRole.SchoolYearbookAdviser]: 'Adviser',
  [userRole.SchoolYearbookVolunteer]: 'Volunteer',
  [userRole.SchoolYearbookSalesManager]: 'Sales mgr',
  [userRole.Treasurer]: 'Treasurer',
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
    mark(can({ role: userRole.StudioOwner, bSuperAdmin: true }, permission)),
  ]);
}

/**
 * docs/permissions.md, made from the access table and the API's own route catalogue, so the
 * document cannot drift from what the server enforces (a test compares the two).
 */
export function renderPermissionsDoc(routes: CataloguedRoute[], rosterRoutes: readonly RosterRoute[]): string {
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
    '## Changing other users',
    '',
    'Who may change whom is one rule, `userChangeRefusal` in `packages/domain/src/roleRanks.ts`. The server',
    'checks it, after the permission and the tenant, on every route that changes a user:',
    '`PUT /api/users/{id}`, `DELETE /api/users/{id}`, `PUT /api/users/{id}/user_permissions`,',
    '`PUT /api/users/{id}/user_notifications` (and their `POST` forms), `POST /api/user_accounts` and',
    '`DELETE /api/user_accounts/{id}`. The web hides or disables what it would refuse, with the same rule.',
    '',
    '- A user changes only themselves and users whose role ranks below their own (table below); anyone',
    '  else answers 403 with the reason. Changing someone else also takes `users.manage`.',
    '- On themselves a user edits their details and notification preferences, but neither deactivates',
    '  themselves nor changes their own role or permissions (400).',
    '- Nobody gives a role ranking at or above their own. Only super administrators create sales reps;',
    '  the Treasurer is given by a school administrator or a studio role.',
    '- A super administrator changes anyone but another super administrator; nobody else ever changes',
    '  a super administrator.',
    '- A new e-mail address is only asked for: it counts once the link sent to it is opened (24 hours),',
    '  and the old address is told of the request and of the change.',
    '- What is under a user (`GET /api/users/{id}/…`, `GET /api/user_accounts?userId=`) is read by the',
    '  user themselves, or with `users.view` within the tenant, as `GET /api/users/{id}`.',
    '',
    row(['Role', 'Rank', 'Changes', 'Gives']),
    row(['---', '---', '---', '---']),
    ...[...ROLE_COLUMNS]
      .sort((a, b) => (roleRank(b) ?? 0) - (roleRank(a) ?? 0))
      .map((role) => {
        const below = ROLE_COLUMNS.filter((other) => roleOutranks(role, other)).map((other) => SHORT_ROLE[other]);
        const gives = assignableRoles({ role, bSuperAdmin: false }).map((given) => SHORT_ROLE[given]);
        return row([
          userRole.label(role),
          String(roleRank(role)),
          can({ role, bSuperAdmin: false }, 'users.manage') && below.length > 0 ? below.join(', ') : '—',
          gives.length > 0 ? gives.join(', ') : '—',
        ]);
      }),
    row(['Super administrator', '—', 'everyone but another super administrator', 'every role']),
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
  lines.push(
    '',
    '## Roster service routes',
    '',
    'Every call but `POST /roster/session` needs the roster session headers it answers (opened with the',
    'dashboard’s bearer token, ended with the dashboard session). Beyond the permission, a school sees only',
    'its own roster and a studio its schools’ (another tenant’s district, school or person answers 404).',
    '',
    row(['Method', 'Route', 'Needs']),
    row(['---', '---', '---']),
  );
  const rosterSorted = [...rosterRoutes].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  for (const route of rosterSorted) {
    // The only open calls: opening a session, and a download through its signed link.
    const open = route.url === '/roster/session' ? 'dashboard bearer token' : 'signed link';
    const needs = route.open ? open : route.permission ? `\`${route.permission}\`` : 'roster session';
    lines.push(row([route.method, `\`${route.url}\``, needs]));
  }
  return `${lines.join('\n')}\n`;
}
