import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { SearchFilter } from './FilterBar';

/** Lets real time pass: only for checking that something does NOT happen (it cannot fail by lateness). */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SearchFilter', () => {
  it('searches once the typing pauses, trimmed, and clears with an empty box', async () => {
    const onChange = vi.fn();
    renderWithProviders(<SearchFilter value={undefined} onChange={onChange} />);
    await userEvent.type(screen.getByLabelText('Search'), '  Lincoln ');
    expect(onChange).not.toHaveBeenCalled();
    // Waits for the debounced search itself, however long a busy machine takes to get there.
    await waitFor(() => expect(onChange.mock.calls).toEqual([['Lincoln']]));
    await userEvent.clear(screen.getByLabelText('Search'));
    await waitFor(() => expect(onChange.mock.calls.at(-1)).toEqual([undefined]));
  });

  it('searches at once on Enter, and not again when the pause ends', async () => {
    const onChange = vi.fn();
    renderWithProviders(<SearchFilter value={undefined} onChange={onChange} />);
    await userEvent.type(screen.getByLabelText('Search'), 'Oak{Enter}');
    expect(onChange.mock.calls).toEqual([['Oak']]);
    await pause(400);
    expect(onChange.mock.calls).toEqual([['Oak']]);
  });
});
