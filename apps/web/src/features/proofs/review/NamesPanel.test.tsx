import type { ProofNameCheck } from '@colophon/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClient } from '../../../lib/api-client';
import { jsonResponse, makeUser, signInAs } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { NAME_PIN_ID, namePinMarker } from '../pins';
import { NamesPanel } from './NamesPanel';

const finding = (pageNumber: number, found: string, intended: string, x: number) => ({
  pageNumber,
  box: { x, y: 100, width: 60, height: 9 },
  found,
  intended,
  individualId: String(x),
  reason: 'misspelling' as const,
  alternatives: [],
});

const checked: ProofNameCheck = {
  proofId: 7,
  state: 'checked',
  checkedAt: '2026-11-25T14:00:00.000Z',
  rosterSize: 2002,
  studentCount: 2000,
  matched: 1990,
  pageCount: 28,
  durationMs: 180,
  error: null,
  findings: [finding(3, 'Mason Csatellano', 'Mason Castellano', 150), finding(12, 'Jonh Smith', 'John Smith', 54)],
  missing: {
    data: [
      { individualId: '1', name: 'Ava Brightwater', grade: '09', gradeLabel: 'Grade 9', homeroom: 'Room 101' },
      { individualId: '2', name: 'Liam Okonkwo', grade: '09', gradeLabel: 'Grade 9', homeroom: 'Room 101' },
      { individualId: '3', name: 'Mia Lindqvist', grade: '10', gradeLabel: 'Grade 10', homeroom: 'Room 204' },
    ],
    total: 3,
    page: 1,
    perPage: 50,
  },
  missingGroups: [
    { grade: '09', gradeLabel: 'Grade 9', homeroom: 'Room 101', count: 2 },
    { grade: '10', gradeLabel: 'Grade 10', homeroom: 'Room 204', count: 1 },
  ],
};

let answer: ProofNameCheck;
let calls: string[];

beforeEach(() => {
  calls = [];
  answer = checked;
  signInAs(makeUser({ role: 5 }));
  configureApiClient({
    fetch: vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(`${url.pathname}${url.search}`);
      return jsonResponse(answer);
    }),
  });
});
afterEach(() => resetApiClient());

describe('NamesPanel', () => {
  it('lists the misspellings by page with their intended spelling, and opens one', async () => {
    const onOpen = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<NamesPanel proofId={7} processed selected={null} onOpen={onOpen} />);
    const row = await screen.findByRole('button', { name: 'Page 12: ‘Jonh Smith’ → John Smith' });
    expect(screen.getByRole('button', { name: 'Page 3: ‘Mason Csatellano’ → Mason Castellano' })).toBeTruthy();
    expect(screen.getByText(/2 possible misspellings · 3 of 2000 students on no page/)).toBeTruthy();
    await user.click(row);
    expect(onOpen).toHaveBeenCalledWith(checked.findings[1]);
    expect(calls[0]).toBe('/api/proofs/7/name-check?page=1&perPage=50');
  });

  it('groups the missing students by grade and homeroom, with each group’s count', async () => {
    renderWithProviders(<NamesPanel proofId={7} processed selected={null} onOpen={() => {}} />);
    const grade9 = await screen.findByRole('region', { name: 'Grade 9 · Room 101' });
    expect(grade9.textContent).toContain('(2 missing)');
    expect(grade9.textContent).toContain('Ava Brightwater, Liam Okonkwo');
    expect(screen.getByRole('region', { name: 'Grade 10 · Room 204' }).textContent).toContain('Mia Lindqvist');
  });

  it('pages the missing students with controls a screen reader can name', async () => {
    answer = { ...checked, missing: { ...checked.missing, total: 120 } };
    const user = userEvent.setup();
    renderWithProviders(<NamesPanel proofId={7} processed selected={null} onOpen={() => {}} />);
    const next = await screen.findByRole('button', { name: 'Next page' });
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Page 3 of the missing students' })).toBeTruthy();
    await user.click(next);
    await waitFor(() => expect(calls).toContain('/api/proofs/7/name-check?page=2&perPage=50'));
  });

  it('says when the school has no roster, and asks nothing before the proof is processed', async () => {
    answer = { ...checked, state: 'noRoster', findings: [], missing: { data: [], total: 0, page: 1, perPage: 50 } };
    const { unmount } = renderWithProviders(<NamesPanel proofId={7} processed selected={null} onOpen={() => {}} />);
    expect(await screen.findByText('No roster for this school.')).toBeTruthy();
    unmount();
    calls = [];
    renderWithProviders(<NamesPanel proofId={8} processed={false} selected={null} onOpen={() => {}} />);
    expect(screen.getByText(/checked against the roster when the proof is processed/)).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe('namePinMarker', () => {
  it.each([
    ['the middle of the name’s top edge', { x: 150, width: 60 }, { page: 3, widthPts: 396, heightPts: 612 }, 180 / 396],
    ['kept on the page', { x: 390, width: 60 }, { page: 3, widthPts: 396, heightPts: 612 }, 1],
  ])('pins %s', (_, box, page, x) => {
    const marker = namePinMarker({ ...finding(3, 'A B', 'A C', 0), box: { ...box, y: 100, height: 9 } }, [page]);
    expect(marker).toMatchObject({
      commentId: NAME_PIN_ID,
      pin: { page: 3, y: 100 / 612 },
      accessibleName: 'Name on page 3: ‘A B’, likely A C',
    });
    expect(marker?.pin.x).toBeCloseTo(x);
  });

  it('has no pin for a page it does not know', () => {
    expect(namePinMarker(finding(9, 'A B', 'A C', 0), [{ page: 3, widthPts: 396, heightPts: 612 }])).toBeNull();
  });
});
