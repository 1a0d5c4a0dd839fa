import type { Proof } from '@colophon/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { jsonResponse, makeUser, problemResponse, signInAs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { VendorActions } from './VendorActions';

const proof: Proof = {
  id: 7,
  projectId: 3,
  accountId: 12,
  accountName: 'Lincoln High School',
  projectName: 'Lincoln Yearbook 2026',
  year: 2026,
  typeBook: 3,
  status: 1,
  internalStatus: 1,
  roundNumber: 2,
  kind: 'pages',
  processingStatus: 2,
  pageCount: 48,
  pagesDone: 48,
  summary: null,
  processingError: null,
  processedAt: '2026-03-01T12:00:00.000Z',
  decidedAt: null,
  decidedBy: null,
  rejectReason: null,
  unlockedForEdits: false,
  createdAt: '2026-03-01T11:00:00.000Z',
  canOrder: false,
};

let calls: { method: string; path: string; body: unknown }[];
let answer: () => Response;

beforeEach(() => {
  calls = [];
  answer = () => jsonResponse({});
  signInAs(makeUser({ role: 8 }));
  configureApiClient({
    fetch: vi.fn<typeof fetch>(async (input, init) => {
      calls.push({
        method: init?.method ?? 'GET',
        path: new URL(String(input), 'http://localhost').pathname,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      return answer();
    }),
  });
});
afterEach(() => resetApiClient());

describe('VendorActions', () => {
  it('rejects in Layout Software B with an optional reason, and reads the proofs again', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(<VendorActions proof={proof} typeSoftware={3} />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.click(screen.getByRole('button', { name: 'Reject in software' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject in Layout Software B' });
    expect(dialog.textContent).toContain('round 2 of Lincoln Yearbook 2026');
    await user.click(screen.getAllByRole('button', { name: 'Reject in Layout Software B' }).at(-1)!);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ method: 'POST', path: '/api/proofs/layout-software-b/reject', body: { id: 7 } });
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['proofs'] }));
    expect(await screen.findByText(/was rejected in Layout Software B/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel in software' })).toBeNull();
  });

  it('cancels in Ordering Software H only with a reason', async () => {
    const user = userEvent.setup();
    renderWithProviders(<VendorActions proof={proof} typeSoftware={10} />);
    await user.click(screen.getByRole('button', { name: 'Cancel in software' }));
    await screen.findByRole('dialog', { name: 'Cancel in Ordering Software H' });
    const submit = screen.getAllByRole('button', { name: 'Cancel in Ordering Software H' }).at(-1)!;
    await user.click(submit);
    expect(await screen.findByText('Say why the proof is turned back.')).toBeTruthy();
    expect(calls).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'Wrong cover uploaded');
    await user.click(submit);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/proofs/ordering-software-h/7/cancel',
      body: { reason: 'Wrong cover uploaded' },
    });
  });

  it('shows why the software refused, and keeps the dialog open', async () => {
    answer = () => problemResponse(502, 'Layout Software B refused the request (HTTP 422): The book is locked.');
    const user = userEvent.setup();
    renderWithProviders(<VendorActions proof={proof} typeSoftware={3} />);
    await user.click(screen.getByRole('button', { name: 'Reject in software' }));
    await screen.findByRole('dialog', { name: 'Reject in Layout Software B' });
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'Spine text');
    await user.click(screen.getAllByRole('button', { name: 'Reject in Layout Software B' }).at(-1)!);
    expect((await screen.findByRole('alert')).textContent).toContain('The book is locked.');
    expect(calls[0]?.body).toEqual({ id: 7, reason: 'Spine text' });
    expect(screen.getByRole('dialog', { name: 'Reject in Layout Software B' })).toBeTruthy();
  });

  it('sends the proof to an automation after confirmation', async () => {
    answer = () => jsonResponse({ id: 1, proofId: 7, automation: 'prepress', status: 'sent' }, { status: 201 });
    const user = userEvent.setup();
    renderWithProviders(<VendorActions proof={proof} typeSoftware={0} />);
    expect(screen.queryByRole('button', { name: /in software/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send to automation' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Prepress Hot Folder' }));
    await screen.findByRole('dialog', { name: 'Send to Prepress Hot Folder' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ method: 'POST', path: '/api/proofs/prepress/send', body: { id: 7 } });
    expect(await screen.findByText('The proof was sent to Prepress Hot Folder.')).toBeTruthy();
  });

  it('shows each person only what they may do', () => {
    // A school adviser may reject but is not studio staff: no automation.
    signInAs(makeUser({ role: 5 }));
    const adviser = renderWithProviders(<VendorActions proof={proof} typeSoftware={3} />);
    expect(screen.getByRole('button', { name: 'Reject in software' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send to automation' })).toBeNull();
    adviser.unmount();
    // A studio contact follows proofs but does not decide them.
    signInAs(makeUser({ role: 16 }));
    const contact = renderWithProviders(<VendorActions proof={proof} typeSoftware={3} />);
    expect(screen.queryByRole('button', { name: 'Reject in software' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send to automation' })).toBeTruthy();
    contact.unmount();
    // A volunteer, or a proof already decided: nothing.
    signInAs(makeUser({ role: 6 }));
    const volunteer = renderWithProviders(<VendorActions proof={proof} typeSoftware={3} />);
    expect(volunteer.container.querySelector('button')).toBeNull();
    volunteer.unmount();
    signInAs(makeUser({ role: 8 }));
    renderWithProviders(<VendorActions proof={{ ...proof, status: 2 }} typeSoftware={3} />);
    expect(screen.queryByRole('button', { name: 'Reject in software' })).toBeNull();
  });
});
