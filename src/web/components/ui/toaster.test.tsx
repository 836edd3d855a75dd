import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { toast } from '../../hooks/use-toast';
import { clearToasts } from '../../test/clear-toasts';
import { Toaster } from './toaster';

afterEach(() => {
  clearToasts();
  cleanup();
  vi.useRealTimers();
});

describe('Toaster', () => {
  it('shows a toast with its title and description', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Saved', description: 'The claim was updated.' }));
    expect(screen.getByText('Saved')).toBeTruthy();
    expect(screen.getByText('The claim was updated.')).toBeTruthy();
  });

  it('shows only the newest toast', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'First' }));
    act(() => void toast({ title: 'Second' }));
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByText('Second')).toBeTruthy();
  });

  it('renders the destructive variant for errors', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Login failed', variant: 'destructive' }));
    const item = screen.getByText('Login failed').closest('[data-slot="toast"]');
    expect(item?.getAttribute('data-variant')).toBe('destructive');
  });

  it('closes a toast by itself after 5000 ms', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => void toast({ title: 'Saved' }));
    act(() => vi.advanceTimersByTime(4_900));
    expect(screen.queryByText('Saved')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('moves focus to the toast region on F8', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Saved' }));
    const region = screen.getByRole('region', { name: /F8/ });
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(region.contains(document.activeElement)).toBe(true);
  });
});
