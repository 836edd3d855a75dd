import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { AppRouter } from '../router';
import { buildUser, fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { setViewportWidth } from '../../test/viewport';

/** The page's scrolling area (the parent of <main>) scrolled to `top`, as a finger or a wheel does. */
function scrollPageTo(top: number) {
  const scroller = screen.getByRole('main').parentElement!;
  scroller.scrollTop = top;
  fireEvent.scroll(scroller);
}

describe('the menu strip below 768 px', () => {
  it('makes way while the page scrolls down, and comes back on scrolling up or on keyboard focus', async () => {
    fakeApi({ user: buildUser({ role: 'manager' }) });
    setViewportWidth(390);
    renderApp(<AppRouter />, { path: '/' });
    const button = await screen.findByRole('button', { name: 'Open navigation' });
    const strip = screen.getByTestId('floating-button-strip');
    expect(strip.dataset.state).toBe('shown');

    scrollPageTo(300);
    expect(strip.dataset.state).toBe('hidden');
    expect(button.className).toContain('translate-y-20');

    scrollPageTo(296); // a jitter of a few pixels changes nothing
    expect(strip.dataset.state).toBe('hidden');

    scrollPageTo(200);
    expect(strip.dataset.state).toBe('shown');
    expect(button.className).not.toContain('translate-y-20');

    scrollPageTo(500);
    expect(strip.dataset.state).toBe('hidden');
    fireEvent.focus(button);
    expect(strip.dataset.state).toBe('shown');
  });
});
