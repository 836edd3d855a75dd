import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_EXPIRED_EVENT } from '@shared/constants';

import { Toaster } from '../../../components/ui/toaster';
import { clearToasts } from '../../../test/clear-toasts';
import { SessionExpiredToast } from './session-expired-toast';

afterEach(() => {
  clearToasts();
  cleanup();
});

const raiseSessionExpired = () =>
  act(() => {
    window.dispatchEvent(
      new CustomEvent(SESSION_EXPIRED_EVENT, {
        detail: { message: 'Session expired. Please log in again.' },
      }),
    );
  });

describe('SessionExpiredToast', () => {
  it("shows the destructive 'Session Expired' toast when the session expires", () => {
    render(
      <>
        <SessionExpiredToast />
        <Toaster />
      </>,
    );
    raiseSessionExpired();

    expect(screen.getByText('Your session has expired. Please log in again.')).toBeTruthy();
    const item = screen.getByText('Session Expired').closest('[data-slot="toast"]');
    expect(item?.getAttribute('data-variant')).toBe('destructive');
  });

  it('stops listening once unmounted', () => {
    const { rerender } = render(
      <>
        <SessionExpiredToast />
        <Toaster />
      </>,
    );
    rerender(<Toaster />);
    raiseSessionExpired();
    expect(screen.queryByText('Session Expired')).toBeNull();
  });
});
