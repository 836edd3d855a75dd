import { describe, expect, it } from 'vitest';

import { cameFromUrl, trackNavigationHistory } from './navigation-history';

/** What wouter does on navigation: change the address, then announce it. */
function navigate(url: string, type: 'pushState' | 'replaceState' = 'pushState') {
  window.history[type](null, '', url);
  window.dispatchEvent(new Event(type));
}

describe('the page a user came from', () => {
  it('is the page itself before any navigation, then the previous screen of the app', () => {
    window.history.replaceState(null, '', '/vehicles');
    expect(cameFromUrl()).toBe(window.location.href);

    trackNavigationHistory();
    navigate('/vehicles?search=ford', 'replaceState'); // typing in a search box: still the same page
    navigate('/help');
    expect(cameFromUrl()).toBe(`${window.location.origin}/vehicles?search=ford`);

    navigate('/help#faq'); // a link within the page
    expect(cameFromUrl()).toBe(`${window.location.origin}/vehicles?search=ford`);

    navigate('/profile');
    navigate('/help');
    expect(cameFromUrl()).toBe(`${window.location.origin}/profile`);
  });
});
