import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import { createAppRouter } from '../../app/router';
import { configureApiClient, resetApiClient } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { jsonResponse, makeSessionState, makeUser, problemResponse, signInAs } from '../../test/fixtures';

const superAdmin = makeUser({ bSuperAdmin: true });
const at = '2026-11-20T15:00:00.000Z';
const csv = 'first_name,last_name,grade\nAda,Lovelace,12\nAlan,,11\nGrace,Hopper,x\n';

const saved = {
  id: 1,
  orderId: 7,
  filename: 'ORD-26-00007.csv',
  fileKey: 'orders/7/personalization/1.csv',
  rowCount: 3,
  uploadedBy: 1,
  sentAt: null,
  createdAt: at,
  updatedAt: at,
};
const savedOrder = { id: 7, externalId: 'ORD-26-00007', accountName: 'Lincoln High' };

let uploads: unknown[];
let answer: () => Response;

beforeEach(() => {
  queryClient.clear();
  uploads = [];
  answer = () => jsonResponse({}, { status: 500 });
  signInAs(superAdmin);
  configureApiClient({
    fetch: vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/auth/me') return jsonResponse(makeSessionState(superAdmin));
      if (url.pathname === '/api/personalization_uploads/1') return jsonResponse({ ...saved, order: savedOrder });
      if (url.pathname === '/api/upload_personalization_order_names') {
        uploads.push(JSON.parse(String(init?.body)));
        return answer();
      }
      return jsonResponse({ data: [], total: 0, page: 1, perPage: 25 });
    }),
  });
});
afterEach(() => {
  resetApiClient();
  queryClient.clear();
});

async function chooseFile(name: string, text: string) {
  render(
    <App
      router={createAppRouter(queryClient, {
        history: createMemoryHistory({ initialEntries: ['/admin/super/personalization-upload'] }),
      })}
      queryClient={queryClient}
      env="test"
    />,
  );
  await screen.findByRole('table', { name: 'Personalization uploads' }, { timeout: 10_000 });
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  await userEvent.upload(input, new File([text], name, { type: 'text/csv' }));
}

describe('Personalization Upload', () => {
  it('previews the file, then lists every bad line the API names and saves nothing', async () => {
    answer = () =>
      problemResponse(400, 'Some rows are not valid', {
        errors: [
          { path: 'data', message: 'Line 3: last_name is required' },
          { path: 'data', message: 'Line 4: grade must be a number' },
        ],
      });
    await chooseFile('ORD-26-00007.csv', csv);
    const preview = await screen.findByRole('table', { name: 'Preview of the file' });
    expect(within(preview).getByText('Lovelace')).toBeTruthy();
    expect(screen.getByText('3 rows after the header.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Upload names' }));
    const problems = await screen.findByRole('list', { name: 'Problems in the file' });
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Line 3: last_name is required', 'Line 4: grade must be a number']);
    expect(uploads).toEqual([{ filename: 'ORD-26-00007.csv', data: csv }]);
  });

  it('shows the upload the API saved', async () => {
    answer = () => jsonResponse(saved, { status: 201 });
    await chooseFile('ORD-26-00007.csv', csv);
    await userEvent.click(await screen.findByRole('button', { name: 'Upload names' }));
    const done = await screen.findByText(/ORD-26-00007.csv: 3 names for order ORD-26-00007 \(Lincoln High\)/);
    expect(done).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Preview of the file' })).toBeNull());
  });

  it('refuses a file that is not a CSV before sending anything', async () => {
    await chooseFile('names.txt', 'a,b\n');
    expect(await screen.findByText('Choose a .csv file')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload names' })).toHaveProperty('disabled', true);
    expect(uploads).toEqual([]);
  });
});
