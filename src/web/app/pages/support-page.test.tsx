import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { callsTo, fakeApi } from '../../test/fake-api';
import { jsonResponse, heldResponse } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { AppRouter } from '../router';

const CONTACT = 'POST /api/contact';
const THANKS = 'Thank you! We will get back to you within one business day.';

async function openSupport(
  routes: Record<string, () => Response | Promise<Response>> = {},
  path = '/support',
) {
  const api = fakeApi({ user: null, routes });
  const view = renderApp(<AppRouter />, { path });
  await screen.findByRole('heading', { level: 1, name: 'Support' });
  return { api, ...view };
}

const form = () => screen.getByRole('button', { name: 'Send message' }).closest('form')!;
const set = (label: string, value: string) =>
  fireEvent.change(within(form()).getByLabelText(label), { target: { value } });

async function chooseTopic(name: string) {
  fireEvent.keyDown(within(form()).getByRole('combobox', { name: 'Topic' }), { key: 'Enter' });
  fireEvent.click(await screen.findByRole('option', { name }));
}

function fillIn() {
  set('Name', 'Priya Natarajan');
  set('Email', ' priya@coastalrentals.com ');
  set('Company (optional)', 'Coastal Rentals');
  set('Message', 'We run 420 vehicles and would like a demo.');
}

describe('support page', () => {
  it('is public, outside the app layout, with what to expect from the team', async () => {
    await openSupport();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'A reply within one business day' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Support · FleetClaims'));
  });

  it('checks every field with the server’s schema before sending anything', async () => {
    const { api } = await openSupport();
    set('Email', 'not-an-email');
    set('Phone (optional)', 'call me');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Please enter a valid phone number')).toBeTruthy();
    expect(screen.getByText('Choose a topic')).toBeTruthy();
    expect(screen.getByText('Message is required')).toBeTruthy();
    expect(within(form()).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(api.fetchMock, 'POST', '/api/contact')).toHaveLength(0);
  });

  it('sends the message with an empty spam trap, then shows the server’s thanks', async () => {
    const { api } = await openSupport({
      [CONTACT]: () => jsonResponse({ message: THANKS }, { status: 201 }),
    });
    fillIn();
    await chooseTopic('Support');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByRole('heading', { name: 'Message sent' })).toBeTruthy();
    expect(screen.getByText(THANKS)).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', '/api/contact')).toEqual([
      {
        name: 'Priya Natarajan',
        email: 'priya@coastalrentals.com',
        company: 'Coastal Rentals',
        phone: '',
        topic: 'support',
        message: 'We run 420 vehicles and would like a demo.',
        website: '',
      },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Send another message' }));
    expect((within(form()).getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it('shows the button as busy while sending', async () => {
    const answer = heldResponse();
    await openSupport({ [CONTACT]: answer.route });
    fillIn();
    await chooseTopic('Request a demo');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));

    const sending = await screen.findByRole('button', { name: 'Sending…' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    answer.release(jsonResponse({ message: THANKS }, { status: 201 }));
    expect(await screen.findByRole('heading', { name: 'Message sent' })).toBeTruthy();
  });

  it('chooses the topic named in the address, as the demo links do', async () => {
    const { api } = await openSupport(
      { [CONTACT]: () => jsonResponse({ message: THANKS }, { status: 201 }) },
      '/support?topic=demo',
    );
    expect(within(form()).getByRole('combobox', { name: 'Topic' }).textContent).toContain('Request a demo');
    fillIn();
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await screen.findByRole('heading', { name: 'Message sent' });
    expect(callsTo(api.fetchMock, 'POST', '/api/contact')[0]).toMatchObject({ topic: 'demo' });
  });

  it('hides the spam trap from people, keyboards and autofill', async () => {
    await openSupport();
    const trap = document.getElementById('contact-website') as HTMLInputElement;
    expect(trap.name).toBe('website');
    expect(trap.tabIndex).toBe(-1);
    expect(trap.getAttribute('autocomplete')).toBe('off');
    expect(trap.labels?.[0]?.textContent).toBe('Leave this field empty');
    expect(trap.closest('[aria-hidden="true"]')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Leave this field empty' })).toBeNull(); // not in the accessibility tree
  });

  it('says so when an address has sent too many messages, and keeps what was typed', async () => {
    await openSupport({
      [CONTACT]: () =>
        jsonResponse(
          {
            message: 'You have sent several messages already. Please try again later.',
            code: 'rate_limited',
          },
          { status: 429 },
        ),
    });
    fillIn();
    await chooseTopic('Something else');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Too many messages')).toBeTruthy();
    expect(screen.getByText('You have sent several messages already. Please try again later.')).toBeTruthy();
    expect((within(form()).getByLabelText('Name') as HTMLInputElement).value).toBe('Priya Natarajan');
  });

  it('puts the server’s field errors under their fields, and toasts other failures', async () => {
    let answer = () =>
      jsonResponse(
        { message: 'Invalid request', fieldErrors: { email: ['This address cannot receive mail'] } },
        { status: 400 },
      );
    await openSupport({ [CONTACT]: () => answer() });
    fillIn();
    await chooseTopic('Support');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('This address cannot receive mail')).toBeTruthy();
    expect(screen.queryByText('Could not send your message')).toBeNull();

    answer = () => jsonResponse({ message: 'Something went wrong on our side' }, { status: 500 });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Could not send your message')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Something went wrong on our side')).toBeTruthy());
  });
});
