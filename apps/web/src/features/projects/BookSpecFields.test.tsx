import type { Project, ProjectOptions } from '@colophon/contract';
import {
  bookSize,
  bookType,
  coverApplication,
  coverBoardWeight,
  coverStyle,
  coverType,
  creationKitDestination,
  credentialsDestination,
  customPages,
  dock,
  endsheet,
  finish,
  personalization,
  printer,
  salesRepBookTypes,
  softwareType,
} from '@colophon/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { jsonResponse, makeUser, problemResponse, signInAs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ProjectSpecForm } from './ProjectSpecForm';

/** The option lists as `GET projects/options` gives them, with the book types the caller may choose. */
function optionsWith(bookTypes: readonly number[]): ProjectOptions {
  return {
    years: [2025, 2026].map((year) => ({ value: String(year), label: String(year) })),
    agreementYears: ['2025-2026', '2024-2025'].map((year) => ({ value: year, label: year })),
    bookTypes: bookType.options(bookTypes as never),
    sizes: bookSize.options(),
    coverTypes: coverType.options(),
    coverStyles: coverStyle.options(),
    coverBoardWeights: coverBoardWeight.options(),
    coverApplications: coverApplication.options(),
    endsheets: endsheet.options(),
    finishes: finish.options(),
    personalizations: personalization.options(),
    customPages: customPages.options(),
    printers: printer.options(),
    softwareTypes: softwareType.options(),
    credentialsDestinations: credentialsDestination.options(),
    creationKitDestinations: creationKitDestination.options(),
    docks: dock.options(),
  };
}

const project: Project = {
  id: 5,
  accountId: 8,
  name: 'Lincoln High School Yearbook 2025-2026',
  year: 2026,
  agreementYear: '2025-2026',
  typeBook: 3,
  typeSize: 8,
  pageCount: 128,
  typeCover: 1,
  typeCoverStyle: 1,
  typeCoverBoardWeight: 0,
  coverApplications: [],
  typeEndsheet: 1,
  typeFinish: 3,
  typePersonalization: 0,
  typeCustomPages: 0,
  typePrinter: 1,
  typeSoftware: 0,
  typeCredentialsDestination: 0,
  typeCreationKitDestination: 1,
  typeDock: 1,
  copies: 300,
  submissionDeadline: '2026-03-02',
  inHomeDate: '2026-05-01',
  isActive: true,
  createdByUserId: null,
  createdAt: '2025-09-01T12:00:00.000Z',
  updatedAt: '2025-09-01T12:00:00.000Z',
};

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  signInAs(makeUser({ role: 99 }));
  fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(project));
  configureApiClient({ fetch: fetchMock });
});
afterEach(() => resetApiClient());

async function bookTypeChoices(): Promise<string[]> {
  await userEvent.click(screen.getByRole('combobox', { name: /^Book type/ }));
  const listbox = await screen.findByRole('listbox');
  return within(listbox)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
}

describe('the book specification form', () => {
  it('offers a sales rep only the book types the options give (1, 2, 3, 5, 9, 10)', async () => {
    renderWithProviders(<ProjectSpecForm project={project} options={optionsWith(salesRepBookTypes)} canManage />);
    expect(await bookTypeChoices()).toEqual(salesRepBookTypes.map((code) => bookType.label(code)));
    expect(screen.queryByRole('option', { name: 'Perfect Bound B&W' })).toBeNull();
  });

  it('offers every book type when the options give them all', async () => {
    renderWithProviders(<ProjectSpecForm project={project} options={optionsWith(bookType.codes)} canManage />);
    expect(await bookTypeChoices()).toHaveLength(bookType.codes.length);
  });

  it('keeps a book type already on the project that the sales-rep list lacks', async () => {
    renderWithProviders(
      <ProjectSpecForm project={{ ...project, typeBook: 4 }} options={optionsWith(salesRepBookTypes)} canManage />,
    );
    const choices = await bookTypeChoices();
    expect(choices).toContain('Perfect Bound B&W');
    expect(choices).not.toContain('Hard Cover B&W');
  });

  it('checks the page count by the binding before sending anything', async () => {
    renderWithProviders(<ProjectSpecForm project={project} options={optionsWith(salesRepBookTypes)} canManage />);
    const pages = screen.getByRole('textbox', { name: 'Page count' });
    await userEvent.clear(pages);
    await userEvent.type(pages, '131');
    await userEvent.click(screen.getByRole('button', { name: 'Save project' }));
    expect(await screen.findByText(/^The page count must be a multiple of \d+: /)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's field error on its field", async () => {
    const refusal = 'Sales reps offer only Saddle Stitched, Saddle Stitched B&W, Soft Cover Perfect Bound.';
    fetchMock.mockImplementation(async () =>
      problemResponse(400, `typeBook: ${refusal}`, { errors: [{ path: 'typeBook', message: refusal }] }),
    );
    renderWithProviders(<ProjectSpecForm project={project} options={optionsWith(salesRepBookTypes)} canManage />);
    const pages = screen.getByRole('textbox', { name: 'Page count' });
    await userEvent.clear(pages);
    await userEvent.type(pages, '132');
    await userEvent.click(screen.getByRole('button', { name: 'Save project' }));

    expect(await screen.findByText(refusal)).toBeTruthy();
    const bookTypeInput = screen.getByRole('combobox', { name: /^Book type/ });
    expect(bookTypeInput.getAttribute('aria-invalid')).toBe('true');
    // The field took the message: no banner above the form repeats it.
    expect(screen.queryByRole('alert')).toBeNull();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/projects/5');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toMatchObject({ pageCount: 132, typeBook: 3 });
  });

  it('shows the specification read-only, without a save button, to whoever may not change projects', async () => {
    renderWithProviders(<ProjectSpecForm project={project} options={optionsWith(bookType.codes)} canManage={false} />);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Page count' }).hasAttribute('readonly')).toBe(true),
    );
    expect(screen.queryByRole('button', { name: 'Save project' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start from a preset' })).toBeNull();
  });
});
