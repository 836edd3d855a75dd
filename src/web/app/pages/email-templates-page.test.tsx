import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EmailTemplate, EmailTemplateContent } from '@shared/email-templates';

import { buildUser, callsTo, fakeApi } from '../../test/fake-api';
import { jsonResponse } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { AppRouter } from '../router';

const admin = buildUser({ role: 'admin', username: 'root' });

const mention: EmailTemplate = {
  key: 'mention',
  name: 'Mentioned in a note',
  description: 'Sent when someone @mentions a user in a claim note.',
  subject: '{{author}} mentioned you on claim {{claimNumber}}',
  html: '<p>{{author}} mentioned you on claim <strong>{{claimNumber}}</strong>:</p>',
  text: '{{author}} mentioned you on claim {{claimNumber}}.',
  placeholders: { author: 'Who wrote the note', claimNumber: 'e.g. CLM-000123', note: 'The note' },
  customized: false,
  updatedAt: null,
};
const welcome: EmailTemplate = {
  ...mention,
  key: 'welcome',
  name: 'Welcome / set your password',
  description: 'Sent to a new user created without a temporary password.',
  customized: true,
  updatedAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString(),
};

const SAMPLE: Record<string, string> = { author: 'Sam Manager', claimNumber: 'CLM-000123', note: 'ETA?' };
const render = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => SAMPLE[name] ?? '');

/** The server's preview: the draft with the sample values filled in. */
const preview = (init?: RequestInit) => {
  const draft = JSON.parse(String(init?.body)) as EmailTemplateContent;
  return jsonResponse({ subject: render(draft.subject), html: render(draft.html), text: render(draft.text) });
};

const EDITOR = '/admin/email-templates?key=mention';

function openTemplates(
  routes: Record<string, (init?: RequestInit) => Response | Promise<Response>> = {},
  path = EDITOR,
) {
  const api = fakeApi({
    user: admin,
    routes: {
      'GET /api/email-templates': () => jsonResponse([mention, welcome]),
      'GET /api/email-templates/mention': () => jsonResponse(mention),
      'POST /api/email-templates/mention/preview': preview,
      ...routes,
    },
  });
  return { api, ...renderApp(<AppRouter />, { path }) };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
const previewSubject = () => screen.getByTestId('preview-subject').textContent;

describe('email templates: the list', () => {
  it("tells a non-admin they don't have access", async () => {
    const api = fakeApi({ user: buildUser({ role: 'manager' }) });
    renderApp(<AppRouter />, { path: '/admin/email-templates' });
    expect(await screen.findByRole('heading', { name: "You don't have access to this page" })).toBeTruthy();
    expect(api.fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/email-templates'))).toBe(
      false,
    );
  });

  it('lists every template with what it is for and whether it was changed', async () => {
    openTemplates({}, '/admin/email-templates');
    const table = await screen.findByRole('table', { name: 'Email templates' });
    const row = within(table).getByRole('link', { name: 'Mentioned in a note' }).closest('tr')!;
    expect(row.textContent).toContain('Sent when someone @mentions a user in a claim note.');
    expect(within(row).getByText('Default')).toBeTruthy();
    const changed = within(table).getByRole('link', { name: 'Welcome / set your password' }).closest('tr')!;
    expect(within(changed).getByText('Customized')).toBeTruthy();
    expect(within(changed).getByText('2 days ago')).toBeTruthy();
  });

  it('opens a template from its row', async () => {
    const { location } = openTemplates({}, '/admin/email-templates');
    fireEvent.click(await screen.findByRole('link', { name: 'Mentioned in a note' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mentioned in a note' })).toBeTruthy();
    expect(location.history?.at(-1)).toBe(EDITOR);
  });
});

describe('email templates: the editor', () => {
  it('shows the template and its preview with sample data, the HTML in a sandbox without scripts', async () => {
    openTemplates();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mentioned in a note' })).toBeTruthy();
    expect(field('Subject').value).toBe(mention.subject);
    expect(field('HTML body').value).toBe(mention.html);
    expect(field('Text body').value).toBe(mention.text);

    const frame = (await screen.findByTitle('HTML preview')) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain(
      'Sam Manager mentioned you on claim <strong>CLM-000123</strong>',
    );
    expect(previewSubject()).toBe('Sam Manager mentioned you on claim CLM-000123');

    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Plain text' }), { button: 0 });
    expect((await screen.findByLabelText('Plain text preview')).textContent).toBe(
      'Sam Manager mentioned you on claim CLM-000123.',
    );
  });

  it('renders the preview again once typing pauses', async () => {
    const { api } = openTemplates();
    await screen.findByTitle('HTML preview');
    fireEvent.change(field('Subject'), { target: { value: 'Note' } });
    fireEvent.change(field('Subject'), { target: { value: 'Note from {{author}}' } });

    await waitFor(() => expect(previewSubject()).toBe('Note from Sam Manager'));
    const subjects = callsTo(api.fetchMock, 'POST', '/api/email-templates/mention/preview').map(
      (body) => (body as EmailTemplateContent).subject,
    );
    expect(subjects).toEqual([mention.subject, 'Note from {{author}}']); // not one per keystroke
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it('says what is missing instead of previewing an empty part', async () => {
    openTemplates();
    await screen.findByTitle('HTML preview');
    fireEvent.change(field('Text body'), { target: { value: '' } });
    expect(await screen.findByText('Fill in the subject and both bodies to see the preview.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The text body is required')).toBeTruthy();
  });

  it('inserts a placeholder where the cursor is in the field last edited', async () => {
    openTemplates();
    await screen.findByTitle('HTML preview');
    const text = field('Text body');
    fireEvent.focus(text);
    text.setSelectionRange(0, 0);
    expect(screen.getByText('text body')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Insert {{note}}: The note' }));
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(text.value).toBe(`{{note}}${mention.text}`);
    expect(text.selectionStart).toBe('{{note}}'.length);
  });

  it('saves the draft and says so', async () => {
    const saved = {
      ...mention,
      subject: 'New subject',
      customized: true,
      updatedAt: new Date().toISOString(),
    };
    const { api } = openTemplates({ 'PUT /api/email-templates/mention': () => jsonResponse(saved) });
    await screen.findByTitle('HTML preview');
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(field('Subject'), { target: { value: 'New subject' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);

    expect(await screen.findByText('Template saved')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'PUT', '/api/email-templates/mention')).toEqual([
      { subject: 'New subject', html: mention.html, text: mention.text },
    ]);
    await waitFor(() => expect(save.disabled).toBe(true));
    expect(screen.getByText('Customized')).toBeTruthy();
  });

  it('sends a test of the draft to the administrator, saying it is held without a mail server', async () => {
    const { api } = openTemplates({
      'POST /api/email-templates/mention/test': () =>
        jsonResponse({
          message:
            'No mail server is configured, so the test mail to root@example.com is held in the outbox.',
          delivery: 'held',
        }),
    });
    await screen.findByTitle('HTML preview');
    fireEvent.change(field('Subject'), { target: { value: 'Draft subject' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send test to me' }));

    expect(await screen.findByText('Test email held: no mail server')).toBeTruthy();
    expect(
      screen.getByText(
        'No mail server is configured, so the test mail to root@example.com is held in the outbox.',
      ),
    ).toBeTruthy();
    expect(callsTo(api.fetchMock, 'POST', '/api/email-templates/mention/test')).toEqual([
      { subject: 'Draft subject', html: mention.html, text: mention.text },
    ]);
  });

  it('resets a customized template to the default after asking', async () => {
    const custom = { ...mention, subject: 'Ours', customized: true, updatedAt: new Date().toISOString() };
    const { api } = openTemplates({
      'GET /api/email-templates/mention': () => jsonResponse(custom),
      'DELETE /api/email-templates/mention': () => jsonResponse(mention),
    });
    await screen.findByTitle('HTML preview');
    expect(field('Subject').value).toBe('Ours');
    fireEvent.click(screen.getByRole('button', { name: 'Reset to default' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Reset “Mentioned in a note” to the default?',
    });
    expect(callsTo(api.fetchMock, 'DELETE', '/api/email-templates/mention')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reset to default' }));

    expect(await screen.findByText('Template reset')).toBeTruthy();
    expect(field('Subject').value).toBe(mention.subject);
    expect((screen.getByRole('button', { name: 'Reset to default' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('asks before leaving with unsaved changes, and stays or leaves as chosen', async () => {
    const { location } = openTemplates();
    await screen.findByTitle('HTML preview');
    fireEvent.change(field('Subject'), { target: { value: 'Half-written' } });

    fireEvent.click(screen.getByRole('link', { name: 'All email templates' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Discard your changes?' });
    expect(location.history?.at(-1)).toBe(EDITOR);
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(field('Subject').value).toBe('Half-written');

    fireEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Discard your changes?' })).getByRole('button', {
        name: 'Discard changes',
      }),
    );
    await waitFor(() => expect(location.history?.at(-1)).toBe('/'));
  });

  it('lets the user leave without asking when nothing changed', async () => {
    const { location } = openTemplates();
    await screen.findByTitle('HTML preview');
    fireEvent.click(screen.getByRole('link', { name: 'All email templates' }));
    expect(await screen.findByRole('table', { name: 'Email templates' })).toBeTruthy();
    expect(location.history?.at(-1)).toBe('/admin/email-templates');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
