import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { fakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { AppRouter } from '../router';

async function openDocument(path: string, title: string) {
  fakeApi({ user: null });
  renderApp(<AppRouter />, { path });
  return screen.findByRole('heading', { level: 1, name: title });
}

/** Every table-of-contents link points at a section of the page, and every section is listed. */
function expectContentsToMatchSections() {
  const contents = screen.getByRole('navigation', { name: 'Contents' });
  const targets = within(contents)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));
  const sections = [...document.querySelectorAll('section[id]')].map((section) => `#${section.id}`);
  expect(targets.length).toBeGreaterThan(5);
  expect(targets).toEqual(sections);
}

describe('privacy policy', () => {
  it('is a public page with contents linking to every section', async () => {
    await openDocument('/privacy-policy', 'Privacy Policy');
    expectContentsToMatchSections();
    expect(screen.getByRole('heading', { name: /Cookies and local storage/ })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('says we set only the session cookie and no tracking', async () => {
    await openDocument('/privacy-policy', 'Privacy Policy');
    expect(screen.getByText(/sets exactly one cookie/)).toBeTruthy();
    expect(screen.getByText(/We set no analytics, advertising or third-party cookies\./)).toBeTruthy();
  });

  it('sends questions to the support page', async () => {
    await openDocument('/privacy-policy', 'Privacy Policy');
    const contact = document.getElementById('contact');
    expect(within(contact!).getByRole('link', { name: 'support page' }).getAttribute('href')).toBe(
      '/support',
    );
  });
});

describe('terms of use', () => {
  it.each(['/terms', '/user-agreement'])('is the same page at %s', async (path) => {
    await openDocument(path, 'Terms of Use');
    expectContentsToMatchSections();
    expect(screen.getByRole('heading', { name: /Acceptable use/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: /Limitation of liability/ })).toBeTruthy();
  });

  it('says accounts are created by administrators', async () => {
    await openDocument('/terms', 'Terms of Use');
    expect(screen.getByText(/Accounts are created by your organization’s administrators/)).toBeTruthy();
  });
});
