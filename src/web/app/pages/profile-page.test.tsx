import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { buildUser, callsTo, fakeApi } from '../../test/fake-api';
import { FakeXhr } from '../../test/fake-xhr';
import { jsonResponse } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { AppRouter } from '../router';

const dana = buildUser();
const PHOTO_URL = `/api/users/${dana.id}/photo?v=2`;

beforeEach(() => {
  FakeXhr.install();
  // happy-dom has no object URLs for files; the preview only needs a string.
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }),
  );
});

function openProfile(routes = {}, user = dana) {
  const api = fakeApi({ user, routes });
  const view = renderApp(<AppRouter />, { path: '/profile' });
  return { api, ...view };
}

function choosePhoto(file: File) {
  fireEvent.change(screen.getByLabelText('Choose a profile photo'), { target: { files: [file] } });
}

/** The upload request, once the mutation has sent it. */
async function sentUpload() {
  await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
  return FakeXhr.last;
}

const png = (bytes = 2048) => new File([new Uint8Array(bytes)], 'me.png', { type: 'image/png' });

describe('edit profile: details', () => {
  it('shows the current names and email, and saves changes', async () => {
    const { api } = openProfile({
      'PATCH /api/user/profile': () => jsonResponse({ ...dana, lastName: 'Reyes-Ortiz' }),
    });
    const lastName = (await screen.findByLabelText('Last name')) as HTMLInputElement;
    expect(lastName.value).toBe('Reyes');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('dana@example.com');
    expect(screen.getByRole('button', { name: 'Save changes' }).hasAttribute('disabled')).toBe(true);

    fireEvent.change(lastName, { target: { value: 'Reyes-Ortiz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile updated')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'PATCH', '/api/user/profile')).toEqual([
      { firstName: 'Dana', lastName: 'Reyes-Ortiz', email: 'dana@example.com' },
    ]);
  });

  it('validates before saving', async () => {
    const { api } = openProfile();
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'dana@' } });
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('First name is required')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'PATCH', '/api/user/profile')).toHaveLength(0);
  });

  it('puts an email already in use under the email field', async () => {
    openProfile({
      'PATCH /api/user/profile': () =>
        jsonResponse(
          { message: 'This email is in use', fieldErrors: { email: ['This email is in use'] } },
          { status: 409 },
        ),
    });
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'sam@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('This email is in use')).toBeTruthy();
  });
});

describe('edit profile: photo', () => {
  it('previews the chosen photo, uploads it with progress and shows the saved one', async () => {
    const { client } = openProfile();
    await screen.findByRole('button', { name: 'Upload photo' });
    choosePhoto(png());
    expect(screen.getByText('me.png')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save photo' }));

    const xhr = await sentUpload();
    expect([xhr.method, xhr.url, xhr.withCredentials]).toEqual(['POST', '/api/user/photo', true]);
    expect((xhr.body as FormData).get('photo')).toBeInstanceOf(File);

    act(() => xhr.progress(512, 2048));
    expect(await screen.findByText('Uploading… 25%')).toBeTruthy();

    act(() => xhr.respond(200, { ...dana, profileImageUrl: PHOTO_URL }));
    expect(await screen.findByText('Photo updated')).toBeTruthy();
    expect(client.getQueryData<{ profileImageUrl: string }>(['/api/user'])?.profileImageUrl).toBe(PHOTO_URL);
    expect(screen.getByRole('button', { name: 'Change photo' })).toBeTruthy();
  });

  it("shows the server's message when it refuses the photo (415)", async () => {
    openProfile();
    await screen.findByRole('button', { name: 'Upload photo' });
    choosePhoto(png());
    fireEvent.click(screen.getByRole('button', { name: 'Save photo' }));
    const xhr = await sentUpload();
    act(() => xhr.respond(415, { message: 'The photo must be a JPEG, PNG or WebP image' }));

    expect(await screen.findByText('The photo must be a JPEG, PNG or WebP image')).toBeTruthy();
  });

  it("shows the server's message when the photo is too large (413)", async () => {
    openProfile();
    await screen.findByRole('button', { name: 'Upload photo' });
    choosePhoto(png());
    fireEvent.click(screen.getByRole('button', { name: 'Save photo' }));
    const xhr = await sentUpload();
    act(() => xhr.respond(413, { message: 'The photo must be at most 5 MB' }));

    expect(await screen.findByText('The photo must be at most 5 MB')).toBeTruthy();
  });

  it('refuses a file that is not an image, or too large, without uploading it', async () => {
    openProfile();
    await screen.findByRole('button', { name: 'Upload photo' });
    choosePhoto(new File(['%PDF'], 'invoice.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('Choose a JPEG, PNG or WebP image.')).toBeTruthy();

    choosePhoto(png(5 * 1024 * 1024 + 1));
    expect(screen.getByText('The photo must be at most 5 MB')).toBeTruthy();
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('removes the current photo', async () => {
    const { api } = openProfile(
      { 'DELETE /api/user/photo': () => jsonResponse({ ...dana, profileImageUrl: null }) },
      { ...dana, profileImageUrl: PHOTO_URL },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Photo removed')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'DELETE', '/api/user/photo')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Upload photo' })).toBeTruthy();
  });
});

describe('edit profile: password', () => {
  it('does not offer a password change while impersonating', async () => {
    openProfile({}, { ...dana, isImpersonating: true, originalAdmin: { username: 'root' } });
    const button = await screen.findByRole('button', { name: 'Change password' });
    expect(button.hasAttribute('disabled')).toBe(true);
  });
});

describe('edit profile: notification preferences', () => {
  it('shows where each kind reaches the user and saves the choices with the daily digest', async () => {
    const { DEFAULT_NOTIFICATION_PREFERENCES } = await import('@shared/notification-preferences');
    const { api } = openProfile({
      'GET /api/user/notification-preferences': () =>
        jsonResponse({ ...DEFAULT_NOTIFICATION_PREFERENCES, digestTimeZone: 'America/Phoenix' }),
      'PUT /api/user/notification-preferences': (init: RequestInit) =>
        jsonResponse({ ...JSON.parse(String(init.body)), digestTimeZone: 'America/Phoenix' }),
    });
    const mentionEmail = await screen.findByRole('checkbox', { name: 'Mention: by email' });
    expect(mentionEmail.getAttribute('aria-checked')).toBe('true');
    expect(
      screen.getByRole('checkbox', { name: 'Authorization request: by email' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(
      screen.getByRole('checkbox', { name: 'Status change: by email' }).getAttribute('aria-checked'),
    ).toBe('false');
    expect(screen.getByRole('button', { name: 'Save preferences' }).hasAttribute('disabled')).toBe(true);
    // 22:00 UTC, in the zone of the user's company (Arizona keeps no summer time), named.
    expect(
      screen.getByText(
        'One email each day at 3:00 PM MST (America/Phoenix) listing the day’s notifications you have not read yet.',
      ),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Status change: in the app' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Status change: by email' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Daily email digest' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));

    expect(await screen.findByText('Notification preferences saved')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save preferences' }).hasAttribute('disabled')).toBe(true);
    expect(callsTo(api.fetchMock, 'PUT', '/api/user/notification-preferences')).toEqual([
      {
        channels: {
          ...DEFAULT_NOTIFICATION_PREFERENCES.channels,
          status_change: { inApp: false, email: true },
        },
        dailyDigest: true,
      },
    ]);
  });
});
