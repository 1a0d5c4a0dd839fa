import type { Preset, ProjectOptions } from '@colophon/contract';
import { bookSize, bookType, coverBoardWeight, finish } from '@colophon/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { jsonResponse, makeUser, problemResponse, signInAs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { PresetForm } from './PresetForm';

const none: { value: string; label: string }[] = [];
const options: ProjectOptions = {
  years: [{ value: '2026', label: '2026' }],
  agreementYears: [{ value: '2025-2026', label: '2025-2026' }],
  bookTypes: bookType.options(),
  sizes: bookSize.options(),
  coverTypes: none,
  coverStyles: none,
  coverBoardWeights: coverBoardWeight.options(),
  coverApplications: none,
  endsheets: none,
  finishes: finish.options(),
  personalizations: none,
  customPages: none,
  printers: none,
  softwareTypes: none,
  credentialsDestinations: none,
  creationKitDestinations: none,
  docks: none,
};

const preset: Preset = {
  id: 1,
  accountId: 2,
  name: 'Classic hard cover',
  specification: { typeBook: 5, typeSize: 8, pageCount: 120, typeCoverBoardWeight: 100 },
  createdByUserId: null,
  createdAt: '2025-09-01T12:00:00.000Z',
  updatedAt: '2025-09-01T12:00:00.000Z',
};

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  signInAs(makeUser({ role: 8 }));
  fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(preset));
  configureApiClient({ fetch: fetchMock });
});
afterEach(() => resetApiClient());

describe('the preset form (the book-spec form under `specification`)', () => {
  it('saves only the fields it fills in', async () => {
    const onDone = vi.fn();
    renderWithProviders(<PresetForm preset={preset} options={options} onDone={onDone} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Finish' }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'UV Gloss' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save preset' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls.find(([, request]) => request?.method === 'PUT') ?? [];
    expect(String(url)).toBe('/api/presets/1');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Classic hard cover',
      specification: { typeBook: 5, typeSize: 8, pageCount: 120, typeCoverBoardWeight: 100, typeFinish: 1 },
    });
  });

  it("puts the server's `specification.` field errors on the book-spec fields", async () => {
    const message = 'A hard cover needs a 100pt or 120pt board.';
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'PUT'
        ? problemResponse(400, message, { errors: [{ path: 'specification.typeCoverBoardWeight', message }] })
        : jsonResponse({ data: [], total: 0, page: 1, perPage: 50 }),
    );
    renderWithProviders(<PresetForm preset={preset} options={options} onDone={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save preset' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Cover board weight' }).getAttribute('aria-invalid')).toBe('true');
  });
});
