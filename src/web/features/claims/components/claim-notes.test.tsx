import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Note } from '@shared/claims';

import { AppRouter } from '../../../app/router';
import { alex, buildClaim, buildNote, claimPageRoutes, maria } from '../../../test/claim-factory';
import { buildUser, callsTo, fakeApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

const claim = buildClaim();
const NOTES = `/api/vehicles/${claim.id}/notes`;
const MENTIONABLE = `/api/vehicles/${claim.id}/mentionable`;

function openClaim(routes: Parameters<typeof claimPageRoutes>[1] = {}, extra = {}) {
  const api = fakeApi({ user: buildUser(), routes: { ...claimPageRoutes(claim, routes), ...extra } });
  return { api, ...renderApp(<AppRouter />, { path: `/vehicles/${claim.id}` }) };
}

const noteBox = () => screen.findByRole('textbox', { name: 'Add a note' });

/** Types `text` as if the caret were at its end. */
function type(box: HTMLElement, text: string) {
  const textarea = box as HTMLTextAreaElement;
  fireEvent.change(textarea, { target: { value: text } });
  textarea.setSelectionRange(text.length, text.length);
  fireEvent.click(textarea);
}

describe('claim notes: rendering', () => {
  it('shows a note body as plain text, markup included, and highlights the mentions the server found', async () => {
    const body = 'Ask @maria.manager about <b>this</b> <img src=x onerror=alert(1)>\nand @nobody too';
    openClaim({ notes: [buildNote({ body, mentions: [{ id: maria.id, username: maria.username }] })] });

    const list = await screen.findByRole('list', { name: 'Notes' });
    const text = within(list).getByText(/about <b>this<\/b>/);
    expect(text.textContent).toBe(body);
    expect(list.querySelector('b, img, script')).toBeNull();
    const mention = within(list).getByText('@maria.manager');
    expect(mention.tagName).toBe('SPAN');
    expect(mention.className).toContain('text-primary');
    // A name the server did not resolve is left as typed, without the highlight.
    expect(within(list).queryByText('@nobody')).toBeNull();
  });

  it('names the admin who wrote a note while impersonating its author', async () => {
    openClaim({
      notes: [buildNote({ body: 'Called the driver', impersonator: alex }), buildNote({ body: 'Own note' })],
    });
    const notes = within(await screen.findByRole('list', { name: 'Notes' })).getAllByRole('listitem');
    expect(notes[0]!.textContent).toContain('Alex Admin as Maria Manager');
    expect(notes[1]!.textContent).toContain('Maria Manager');
    expect(notes[1]!.textContent).not.toContain('Alex Admin');
  });

  it('says when there are no notes yet', async () => {
    openClaim();
    expect(await screen.findByText('No notes yet.')).toBeTruthy();
  });
});

describe('claim notes: @mention autocomplete', () => {
  it('opens on @, filters by what follows, and is driven with ↑/↓/Enter', async () => {
    const { api } = openClaim({}, { [`GET ${MENTIONABLE}?search=a`]: () => jsonResponse([alex, maria]) });
    const box = await noteBox();
    type(box, 'Please check with @a');

    const list = await screen.findByRole('listbox', { name: 'People who can see this claim' });
    await waitFor(() => expect(callsTo(api.fetchMock, 'GET', `${MENTIONABLE}?search=a`)).toHaveLength(1));
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Alex Admin@alex.admin',
      'Maria Manager@maria.manager',
    ]);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');

    fireEvent.keyDown(box, { key: 'Enter' });
    expect((box as HTMLTextAreaElement).value).toBe('Please check with @maria.manager ');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('chooses from the answer to what was typed when Enter comes before it, not from the list still shown', async () => {
    openClaim(
      {},
      {
        [`GET ${MENTIONABLE}`]: () => jsonResponse([alex, maria]),
        [`GET ${MENTIONABLE}?search=ma`]: () => jsonResponse([maria]),
      },
    );
    const box = await noteBox();
    type(box, 'Ask @');
    const list = await screen.findByRole('listbox', { name: 'People who can see this claim' });
    expect(await within(list).findByText('@alex.admin')).toBeTruthy();

    type(box, 'Ask @ma');
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe('Ask @maria.manager '));
  });

  it('closes with Escape and leaves the text as typed', async () => {
    openClaim();
    const box = await noteBox();
    type(box, '@');
    expect(await screen.findByRole('listbox')).toBeTruthy();

    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect((box as HTMLTextAreaElement).value).toBe('@');
  });

  it('does not open for an email address', async () => {
    openClaim();
    const box = await noteBox();
    type(box, 'mail dana@acme');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});

describe('claim notes: adding one', () => {
  it('posts the note and shows it at the end of the list', async () => {
    const created = buildNote({
      body: 'Estimate approved, @alex.admin please order parts',
      mentions: [{ id: alex.id, username: alex.username }],
      createdAt: new Date().toISOString(),
    });
    const saved: Note[] = [];
    const { api } = openClaim(
      {},
      {
        [`GET ${NOTES}`]: () => jsonResponse(saved),
        [`POST ${NOTES}`]: () => {
          saved.push(created);
          return jsonResponse(created, { status: 201 });
        },
      },
    );
    const box = await noteBox();
    type(box, created.body);
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));

    const list = await screen.findByRole('list', { name: 'Notes' });
    expect(within(list).getByText('@alex.admin')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', NOTES)).toEqual([{ body: created.body }]);
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
  });

  it('shows a refused mention under the field and keeps the text', async () => {
    const message = '@victor cannot be mentioned: only active users who can see this claim can be mentioned';
    openClaim(
      {},
      {
        [`POST ${NOTES}`]: () =>
          jsonResponse({ message, code: 'validation', fieldErrors: { body: [message] } }, { status: 400 }),
      },
    );
    const box = await noteBox();
    type(box, 'Hey @victor');
    fireEvent.keyDown(box, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));

    expect(await screen.findByText(message)).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect((box as HTMLTextAreaElement).value).toBe('Hey @victor');
  });

  it('asks for some text before sending', async () => {
    const { api } = openClaim();
    await noteBox();
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Write a note first')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', NOTES)).toHaveLength(0);
  });
});
