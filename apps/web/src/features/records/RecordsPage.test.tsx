import type { Project } from '@colophon/contract';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { createAppRouter } from '../../app/router';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { jsonResponse, makeSessionState, makeUser, signInAs } from '../../test/fixtures';
import { recordKinds } from './api';
import { changedBody, creatableFields, createBody, editableFields } from './fields';

const superAdmin = makeUser({ bSuperAdmin: true });
const project: Project = {
  id: 7,
  accountId: 3,
  name: 'Lincoln High 2031',
  year: 2031,
  agreementYear: null,
  typeBook: 5,
  typeSize: null,
  pageCount: 120,
  typeCover: null,
  typeCoverStyle: null,
  typeCoverBoardWeight: null,
  coverApplications: [],
  typeEndsheet: null,
  typeFinish: null,
  typePersonalization: null,
  typeCustomPages: null,
  typePrinter: null,
  typeSoftware: null,
  typeCredentialsDestination: null,
  typeCreationKitDestination: null,
  typeDock: null,
  copies: 300,
  submissionDeadline: null,
  inHomeDate: null,
  isActive: true,
  createdByUserId: null,
  createdAt: '2031-01-02T10:00:00.000Z',
  updatedAt: '2031-01-02T10:00:00.000Z',
};

type Sent = { method: string; path: string; reason: string | null; body: unknown };
let sent: Sent[];
let deleteAnswer: () => Response;
let createAnswer: (body: unknown) => Response;

beforeEach(() => {
  queryClient.clear();
  sent = [];
  deleteAnswer = () =>
    jsonResponse(
      { type: 'about:blank', title: 'Conflict', status: 409, detail: 'Project 7 has 4 orders and 2 proofs.' },
      { status: 409, headers: { 'Content-Type': 'application/problem+json' } },
    );
  createAnswer = () => jsonResponse({ ...project, id: 8, name: 'Roosevelt 2032' }, { status: 201 });
  signInAs(superAdmin);
  configureApiClient({
    fetch: vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const headers = new Headers(init?.headers);
      const method = init?.method ?? 'GET';
      sent.push({
        method,
        path: url.pathname + url.search,
        reason: headers.get('x-change-reason'),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      });
      if (url.pathname === '/api/auth/me') return jsonResponse(makeSessionState(superAdmin));
      if (url.pathname === '/api/projects' && method === 'POST') return createAnswer(JSON.parse(String(init?.body)));
      if (url.pathname === '/api/projects/8') return jsonResponse({ ...project, id: 8, name: 'Roosevelt 2032' });
      if (url.pathname === '/api/projects/7' && method === 'PUT') return jsonResponse({ ...project, copies: 350 });
      if (url.pathname === '/api/projects/7' && method === 'DELETE') return deleteAnswer();
      if (url.pathname === '/api/projects/7') return jsonResponse(project);
      if (url.pathname === '/api/projects') return jsonResponse({ data: [project], total: 1, page: 1, perPage: 25 });
      if (url.pathname === '/api/audit_log') {
        const entry = {
          id: 90,
          actorUserId: 1,
          actorName: 'Sam Super',
          actorEmail: 'super@colophon.test',
          asUserId: null,
          asName: null,
          asEmail: null,
          action: 'PUT',
          actionLabel: 'Updated a project',
          resource: 'projects/:id',
          resourceId: '7',
          detail: { reason: 'Copies confirmed by the school' },
          ip: null,
          userAgent: null,
          createdAt: '2031-01-03T10:00:00.000Z',
        };
        return jsonResponse({ data: [entry], total: 1, page: 1, perPage: 20 });
      }
      return jsonResponse({ data: [], total: 0, page: 1, perPage: 25 });
    }),
  });
});
afterEach(() => resetApiClient());

function renderAt(path: string) {
  const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [path] }) });
  render(<App router={router} queryClient={queryClient} env="test" />);
  return router;
}

describe('the record editor (/admin/super/records)', () => {
  it('finds a project, shows all its fields and its history with reasons', async () => {
    renderAt('/admin/super/records?type=projects');
    const table = await screen.findByRole('table', { name: 'Project records' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Lincoln High 2031 · 2031' }));
    const fields = await screen.findByRole('table', { name: 'Project fields' });
    expect(within(fields).getByRole('rowheader', { name: 'Copies' }).closest('tr')?.textContent).toContain('300');
    expect(within(fields).getByRole('rowheader', { name: 'Type book' })).toBeTruthy();
    const history = await screen.findByRole('table', { name: 'History' });
    expect(within(history).getByText('Copies confirmed by the school')).toBeTruthy();
    expect(
      sent.some((request) => request.path.startsWith('/api/audit_log?') && request.path.includes('resourceId=7')),
    ).toBe(true);
  });

  it('edits with a reason: only the changed field is sent, the reason in x-change-reason', async () => {
    renderAt('/admin/super/records?type=projects&open=7');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'Edit project' });
    const copies = within(form).getByRole('textbox', { name: 'Copies' });
    await userEvent.clear(copies);
    await userEvent.type(copies, '350');
    await userEvent.click(within(form).getByRole('button', { name: 'Save project' }));
    expect(await within(form).findByText('Say why you make this change.')).toBeTruthy();
    await userEvent.type(within(form).getByRole('textbox', { name: /Reason for the change/ }), 'Copies confirmed');
    await userEvent.click(within(form).getByRole('button', { name: 'Save project' }));
    await waitFor(() => expect(sent.find((request) => request.method === 'PUT')).toBeTruthy());
    const put = sent.find((request) => request.method === 'PUT');
    expect(put).toMatchObject({ path: '/api/projects/7', reason: 'Copies%20confirmed', body: { copies: 350 } });
  });

  it('deletes with a reason and shows what holds the record when refused (409)', async () => {
    renderAt('/admin/super/records?type=projects&open=7');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete project 7' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Say why you make this change.')).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason for the delete/ }), 'Duplicate');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Project 7 has 4 orders and 2 proofs.')).toBeTruthy();
    expect(sent.find((request) => request.method === 'DELETE')?.reason).toBe('Duplicate');
  });
});

describe('creating a record (New …)', () => {
  it('renders the create schema, requires a reason, shows the 400 on its field, then opens the new record', async () => {
    createAnswer = (body) =>
      (body as { name?: string }).name === 'Roosevelt 2032'
        ? jsonResponse({ ...project, id: 8, name: 'Roosevelt 2032' }, { status: 201 })
        : jsonResponse(
            {
              type: 'about:blank',
              title: 'Bad Request',
              status: 400,
              detail: 'The request is not valid.',
              errors: [{ path: 'year', message: 'Must be a year from 2016 to 2026' }],
            },
            { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
          );
    const router = renderAt('/admin/super/records?type=projects');
    await userEvent.click(await screen.findByRole('button', { name: 'New project' }));
    const form = await screen.findByRole('form', { name: 'New project' });
    // The create body's fields: required ones marked, lists sent to the project's own page.
    expect(within(form).getByRole('textbox', { name: /^Account id/ })).toHaveProperty('required', true);
    expect(within(form).getByRole('textbox', { name: /^Name/ })).toHaveProperty('required', true);
    expect(within(form).getByRole('textbox', { name: /^Page count/ })).toHaveProperty('required', false);
    expect(within(form).getByText(/Cover applications/)).toBeTruthy();
    expect(within(form).getByRole('link', { name: 'Project Records' }).getAttribute('href')).toBe('/admin/projects');

    await userEvent.type(within(form).getByRole('textbox', { name: /^Account id/ }), '3');
    await userEvent.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Lincoln 1999');
    await userEvent.type(within(form).getByRole('textbox', { name: /^Year/ }), '1999');
    await userEvent.click(within(form).getByRole('button', { name: 'Create project' }));
    expect(await within(form).findByText('Say why you make this change.')).toBeTruthy();
    expect(sent.some((request) => request.method === 'POST')).toBe(false);

    await userEvent.type(within(form).getByRole('textbox', { name: /Reason for the change/ }), 'School signed late');
    await userEvent.click(within(form).getByRole('button', { name: 'Create project' }));
    const year = within(form).getByRole('textbox', { name: /^Year/ });
    await waitFor(() => expect(year.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText('Must be a year from 2016 to 2026')).toBeTruthy();
    expect(sent.find((request) => request.method === 'POST')).toMatchObject({
      path: '/api/projects',
      reason: 'School%20signed%20late',
      body: { accountId: 3, name: 'Lincoln 1999', year: 1999 },
    });

    const name = within(form).getByRole('textbox', { name: /^Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Roosevelt 2032');
    await userEvent.click(within(form).getByRole('button', { name: 'Create project' }));
    expect(await screen.findByRole('table', { name: 'Project fields' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Roosevelt 2032 · 2031' })).toBeTruthy();
    expect(router.state.location.href).toContain('open=8');
    expect(await screen.findByRole('table', { name: 'History' })).toBeTruthy();
  });
});

describe('the generic form, from the create schema', () => {
  it('types each create body: required, defaults, transformed inputs; lists left to their page', () => {
    const users = creatableFields(recordKinds.users.create.body);
    expect(
      users.fields.map((field) => `${field.key}:${field.kind}:${field.required ? 'required' : field.initial}`),
    ).toEqual([
      'email:text:required',
      'firstName:text:required',
      'lastName:text:required',
      'role:number:required',
      'timezone:select:CST',
      'accountId:number:required',
    ]);
    expect(users.elsewhere).toEqual([]);
    const accounts = creatableFields(recordKinds.accounts.create.body);
    expect(accounts.elsewhere).toEqual(['addresses', 'contacts']);
    expect(accounts.fields.find((field) => field.key === 'parentAccountId')).toMatchObject({
      required: true,
      nullable: true,
    });
    // A blank required-but-nullable field is sent as null (a top-level account); other blanks are left out.
    expect(createBody(accounts.fields, { name: 'North', type: 1, typeWhereCreated: '', parentAccountId: '' })).toEqual({
      name: 'North',
      type: 1,
      parentAccountId: null,
    });
  });
});

describe('the generic form, from the update schema', () => {
  it('edits the simple fields of each type and sends only what changed', () => {
    const proofFields = editableFields(recordKinds.proofs.update).map((field) => `${field.key}:${field.kind}`);
    expect(proofFields).toEqual([
      'status:number',
      'internalStatus:number',
      'roundNumber:number',
      'pageCount:number',
      'rejectReason:text',
      'unlockedForEdits:switch',
    ]);
    const fields = editableFields(recordKinds.proofs.update);
    expect(
      changedBody(
        fields,
        { status: 1, pageCount: 40, rejectReason: 'x' },
        { status: 3, pageCount: 40, rejectReason: '' },
      ),
    ).toEqual({
      status: 3,
      rejectReason: null,
    });
  });
});
