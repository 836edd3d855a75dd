import { afterEach, describe, expect, it, vi } from 'vitest';

import { reducer } from './use-toast';

const toastWith = (id: string) => ({ id, title: `Toast ${id}`, open: true });

afterEach(() => {
  vi.useRealTimers();
});

describe('toast state', () => {
  it('keeps one toast at a time: a new toast replaces the visible one', () => {
    let state = reducer({ toasts: [] }, { type: 'ADD_TOAST', toast: toastWith('1') });
    state = reducer(state, { type: 'ADD_TOAST', toast: toastWith('2') });
    expect(state.toasts.map((t) => t.id)).toEqual(['2']);
  });

  it('closes a dismissed toast at once but removes it only after 1,000,000 ms', () => {
    vi.useFakeTimers();
    const dismissed = reducer({ toasts: [toastWith('a')] }, { type: 'DISMISS_TOAST', toastId: 'a' });
    expect(dismissed.toasts).toEqual([{ ...toastWith('a'), open: false }]);

    // The removal is dispatched to the shared store; this only checks that it is scheduled for then.
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(999_999);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('updates a toast in place', () => {
    const state = reducer(
      { toasts: [toastWith('1')] },
      { type: 'UPDATE_TOAST', toast: { id: '1', title: 'Saved' } },
    );
    expect(state.toasts[0]?.title).toBe('Saved');
  });
});
