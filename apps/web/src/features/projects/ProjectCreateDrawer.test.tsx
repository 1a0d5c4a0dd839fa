import type { ProjectOptions } from '@colophon/contract';
import { bookType } from '@colophon/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { jsonResponse, makeUser, signInAs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ProjectCreateDrawer } from './ProjectCreateDrawer';

/** Issue 9, item 8: the new-project drawer does not throw typed edits away without asking. */

const none: { value: string; label: string }[] = [];
const options: ProjectOptions = {
  years: [{ value: '2026', label: '2026' }],
  agreementYears: [{ value: '2025-2026', label: '2025-2026' }],
  bookTypes: bookType.options(),
  sizes: none,
  coverTypes: none,
  coverStyles: none,
  coverBoardWeights: none,
  coverApplications: none,
  endsheets: none,
  finishes: none,
  personalizations: none,
  customPages: none,
  printers: none,
  softwareTypes: none,
  credentialsDestinations: none,
  creationKitDestinations: none,
  docks: none,
};

const SLOW = { timeout: 10_000 };

beforeEach(() => {
  signInAs(makeUser({ role: 8 }));
  configureApiClient({
    fetch: vi.fn<typeof fetch>(async (input) =>
      String(input).startsWith('/api/projects/options')
        ? jsonResponse(options)
        : jsonResponse({ data: [], total: 0, page: 1, perPage: 100 }),
    ),
  });
});
afterEach(() => resetApiClient());

async function openWithName(onClose: () => void) {
  renderWithProviders(<ProjectCreateDrawer opened onClose={onClose} onCreated={vi.fn()} />);
  const drawer = await screen.findByRole('dialog', { name: 'New project' }, SLOW);
  const name = await within(drawer).findByRole('textbox', { name: /^Name/ }, SLOW);
  await userEvent.type(name, 'Lincoln High School Yearbook 2026');
  return { drawer, name };
}

describe('the new-project drawer', () => {
  it('asks "Discard unsaved changes?" on Escape with unsaved edits, and keeps them when told to', async () => {
    const onClose = vi.fn();
    const { drawer, name } = await openWithName(onClose);

    await userEvent.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard unsaved changes?' })).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(drawer.isConnected).toBe(true);
    expect((name as HTMLInputElement).value).toBe('Lincoln High School Yearbook 2026');
  });

  it('closes once the edits are discarded', async () => {
    const onClose = vi.fn();
    await openWithName(onClose);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('closes on Escape without asking when nothing was typed', async () => {
    const onClose = vi.fn();
    renderWithProviders(<ProjectCreateDrawer opened onClose={onClose} onCreated={vi.fn()} />);
    const drawer = await screen.findByRole('dialog', { name: 'New project' }, SLOW);
    await within(drawer).findByRole('textbox', { name: /^Name/ }, SLOW);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog', { name: 'Discard unsaved changes?' })).toBeNull();
  });

  it('puts a missing account by its field, with the focus on it, and sends nothing', async () => {
    await openWithName(vi.fn());
    await userEvent.click(screen.getByRole('button', { name: 'Create project' }));
    expect(await screen.findByText('Choose an account')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
