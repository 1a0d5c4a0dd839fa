import { describe, expect, it } from 'vitest';
import {
  enqueueMark,
  MARK_QUEUE_KEY,
  type MarkStore,
  pendingDelta,
  pendingStates,
  readQueue,
  removeMarks,
  toSend,
} from './markQueue';

function memoryStore(initial: Record<string, string> = {}): MarkStore & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
  };
}

const at = (minute: number) => new Date(Date.UTC(2031, 4, 15, 13, minute));

describe('the distribution mark queue', () => {
  it('keeps marks with their device time, in order, across reads (a reload offline)', () => {
    const store = memoryStore();
    enqueueMark(store, { itemId: 1, handedOut: true, serverHandedOut: false }, at(0), 'mark-a');
    enqueueMark(store, { itemId: 2, handedOut: true, serverHandedOut: false }, at(1), 'mark-b');
    expect(readQueue(store).map((mark) => [mark.clientMarkId, mark.at])).toEqual([
      ['mark-a', '2031-05-15T13:00:00.000Z'],
      ['mark-b', '2031-05-15T13:01:00.000Z'],
    ]);
    expect(toSend(readQueue(store))[0]).toEqual({
      itemId: 1,
      handedOut: true,
      at: '2031-05-15T13:00:00.000Z',
      clientMarkId: 'mark-a',
    });
  });

  it('an item marked then undone while offline moves no count; the latest mark is its state', () => {
    const store = memoryStore();
    enqueueMark(store, { itemId: 1, handedOut: true, serverHandedOut: false }, at(0), 'mark-a');
    enqueueMark(store, { itemId: 2, handedOut: true, serverHandedOut: false }, at(1), 'mark-b');
    // The page shows item 1 handed out now; its undo still counts from the server's "not handed out".
    enqueueMark(store, { itemId: 1, handedOut: false, serverHandedOut: true }, at(2), 'mark-c');
    expect(pendingStates(readQueue(store)).get(1)?.handedOut).toBe(false);
    expect(pendingDelta(readQueue(store))).toBe(1);
  });

  it('an undo of an item the server has handed out counts down', () => {
    const store = memoryStore();
    enqueueMark(store, { itemId: 7, handedOut: false, serverHandedOut: true }, at(0), 'mark-a');
    expect(pendingDelta(readQueue(store))).toBe(-1);
  });

  it('drops only the marks answered', () => {
    const store = memoryStore();
    enqueueMark(store, { itemId: 1, handedOut: true, serverHandedOut: false }, at(0), 'mark-a');
    enqueueMark(store, { itemId: 2, handedOut: true, serverHandedOut: false }, at(1), 'mark-b');
    removeMarks(store, ['mark-a']);
    expect(readQueue(store).map((mark) => mark.clientMarkId)).toEqual(['mark-b']);
  });

  it('reads a damaged store as empty, and skips entries that are not marks', () => {
    expect(readQueue(memoryStore({ [MARK_QUEUE_KEY]: '{not json' }))).toEqual([]);
    const mixed = JSON.stringify([
      { itemId: 'x' },
      { itemId: 3, handedOut: true, at: 'a', clientMarkId: 'c', serverHandedOut: false },
    ]);
    expect(readQueue(memoryStore({ [MARK_QUEUE_KEY]: mixed }))).toHaveLength(1);
  });
});
