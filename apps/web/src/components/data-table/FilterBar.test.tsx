import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { SearchFilter } from './FilterBar';

afterEach(() => {
  vi.useRealTimers();
});

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
    // The debounce runs on setTimeout: faked, the search it may still have pending is run below
    // instead of waiting past it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const onChange = vi.fn();
    renderWithProviders(<SearchFilter value={undefined} onChange={onChange} />);
    await user.type(screen.getByLabelText('Search'), 'Oak{Enter}');
    expect(onChange.mock.calls).toEqual([['Oak']]);
    await vi.runOnlyPendingTimersAsync();
    expect(onChange.mock.calls).toEqual([['Oak']]);
  });
});
