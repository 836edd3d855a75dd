import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Attachment } from '@shared/attachments';
import type { UserRole } from '@shared/auth';

import { AppRouter } from '../../../app/router';
import { alex, buildAttachment, buildClaim, claimPageRoutes } from '../../../test/claim-factory';
import { buildUser, callsTo, fakeApi } from '../../../test/fake-api';
import { FakeXhr } from '../../../test/fake-xhr';
import { jsonResponse } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

const claim = buildClaim();
const LIST = `/api/vehicles/${claim.id}/attachments`;
const front = buildAttachment(claim.id, { fileName: 'front.jpg', width: 4032, height: 3024 });
const side = buildAttachment(claim.id, { fileName: 'side.png', contentType: 'image/png', kind: 'invoice' });
const estimate = buildAttachment(claim.id, {
  fileName: 'Estimate 1042.pdf',
  contentType: 'application/pdf',
  kind: 'estimate',
  sizeBytes: 182_000,
  width: null,
  height: null,
  thumbnailUrl: null,
});

beforeEach(() => FakeXhr.install());

function openClaim(
  attachments: Attachment[] = [],
  { role = 'manager', routes = {} }: { role?: UserRole; routes?: Record<string, () => Response> } = {},
) {
  const api = fakeApi({
    user: buildUser({ role }),
    routes: { ...claimPageRoutes(claim, { attachments }), ...routes },
  });
  return { api, ...renderApp(<AppRouter />, { path: `/vehicles/${claim.id}` }) };
}

const section = async () => screen.findByRole('region', { name: 'Attachments' }, { timeout: 5000 });

function choose(...files: File[]) {
  fireEvent.change(screen.getByLabelText('Choose files to attach'), { target: { files } });
}

const file = (name: string, type: string, bytes = 1024) => new File([new Uint8Array(bytes)], name, { type });

describe('claim attachments: showing files', () => {
  it('shows pictures as thumbnails and other files as a list with kind, size and uploader', async () => {
    openClaim([front, side, estimate]);
    const region = await section();
    const photos = await within(region).findByRole('region', { name: 'Photos (2)' });
    const tiles = within(photos).getAllByRole('button', { name: /^Open / });
    expect(tiles.map((tile) => tile.getAttribute('aria-label'))).toEqual(['Open front.jpg', 'Open side.png']);
    expect(tiles[0]!.querySelector('img')!.getAttribute('src')).toBe(front.thumbnailUrl);
    expect(within(photos).getByText('Invoice')).toBeTruthy();

    const documents = within(region).getByRole('region', { name: 'Documents (1)' });
    const link = within(documents).getByRole('link', { name: 'Estimate 1042.pdf' });
    // PDFs open in a new tab; the browser shows them inline.
    expect(link.getAttribute('href')).toBe(estimate.fileUrl);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(documents.textContent).toContain('Estimate');
    expect(documents.textContent).toContain('178 KB');
    expect(documents.textContent).toContain('Maria Manager');
  });

  it('opens a photo in the gallery, moves with the arrow keys and closes with Escape', async () => {
    openClaim([front, side]);
    fireEvent.click(await within(await section()).findByRole('button', { name: 'Open front.jpg' }));

    const gallery = await screen.findByRole('dialog', { name: 'front.jpg' });
    expect(gallery.textContent).toContain('Photo 1 of 2');
    expect(gallery.textContent).toContain('4032 × 3024');
    expect(within(gallery).getByRole('img', { name: 'front.jpg' }).getAttribute('src')).toBe(front.fileUrl);
    expect(within(gallery).getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      `${front.fileUrl}?download=1`,
    );

    fireEvent.keyDown(gallery, { key: 'ArrowRight' });
    expect(await screen.findByRole('dialog', { name: 'side.png' })).toBeTruthy();
    expect(screen.getByRole('dialog').textContent).toContain('Photo 2 of 2');
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'ArrowRight' });
    expect(await screen.findByRole('dialog', { name: 'front.jpg' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(await screen.findByRole('dialog', { name: 'side.png' })).toBeTruthy();

    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('names the admin who uploaded a file while impersonating the uploader', async () => {
    openClaim([
      { ...front, impersonator: alex },
      { ...estimate, impersonator: alex },
    ]);
    const region = await section();
    const documents = await within(region).findByRole('region', { name: 'Documents (1)' });
    expect(documents.textContent).toContain('Alex Admin as Maria Manager');
    fireEvent.click(await within(region).findByRole('button', { name: 'Open front.jpg' }));
    const gallery = await screen.findByRole('dialog', { name: 'front.jpg' });
    expect(gallery.textContent).toContain('Uploaded by Alex Admin as Maria Manager on');
  });

  it('says when there are no files, and when they cannot be loaded', async () => {
    let fail = true;
    openClaim([], {
      routes: {
        [`GET ${LIST}`]: () =>
          fail
            ? jsonResponse({ message: 'Storage unavailable' }, { status: 503 })
            : jsonResponse({ items: [], maxBytes: 1024 }),
      },
    });
    const region = await section();
    expect(await within(region).findByText('The attachments could not be loaded')).toBeTruthy();
    expect(within(region).getByText('Storage unavailable')).toBeTruthy();
    fail = false;
    fireEvent.click(within(region).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByText('No files yet.')).toBeTruthy();
  });

  it('offers a viewer no upload and no delete', async () => {
    openClaim([front, estimate], { role: 'viewer' });
    const region = await section();
    await within(region).findByRole('region', { name: 'Photos (1)' });
    expect(screen.queryByLabelText('Choose files to attach')).toBeNull();
    fireEvent.pointerDown(within(region).getByRole('button', { name: 'Actions for Estimate 1042.pdf' }), {
      button: 0,
      ctrlKey: false,
    });
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Download' })).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: 'Delete' })).toBeNull();
    expect(within(menu).queryByRole('menuitemradio')).toBeNull();
  });
});

describe('claim attachments: uploading', () => {
  it('uploads several files, each with its inferred (or changed) kind and its own progress', async () => {
    openClaim([estimate]);
    await within(await section()).findByRole('region', { name: 'Documents (1)' });
    choose(
      file('IMG_2001.jpg', 'image/jpeg'),
      file('Invoice 88.pdf', 'application/pdf'),
      file('report.pdf', 'application/pdf'),
    );

    const queue = await screen.findByRole('list', { name: 'Files to upload' });
    const kinds = within(queue).getAllByRole('combobox');
    expect(kinds.map((kind) => kind.textContent)).toEqual(['Photo', 'Invoice', 'Document']);
    // The third is actually an estimate.
    fireEvent.click(kinds[2]!);
    fireEvent.click(await screen.findByRole('option', { name: 'Estimate' }));
    await waitFor(() => expect(within(queue).getAllByRole('combobox')[2]!.textContent).toBe('Estimate'));

    fireEvent.click(screen.getByRole('button', { name: 'Upload 3 files' }));
    // Two at a time.
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    const [first, second] = FakeXhr.instances;
    expect(first!.url).toBe(LIST);
    expect((first!.body as FormData).get('kind')).toBe('photo');
    expect(((first!.body as FormData).get('file') as File).name).toBe('IMG_2001.jpg');
    expect((second!.body as FormData).get('kind')).toBe('invoice');

    act(() => first!.progress(512, 1024));
    expect(await within(queue).findByText('50%')).toBeTruthy();
    expect(within(queue).getByRole('progressbar', { name: 'Uploading IMG_2001.jpg' })).toBeTruthy();

    const uploaded = buildAttachment(claim.id, { fileName: 'IMG_2001.jpg' });
    act(() => first!.respond(201, uploaded));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(3));
    expect((FakeXhr.last.body as FormData).get('kind')).toBe('estimate');
    act(() =>
      second!.respond(
        201,
        buildAttachment(claim.id, {
          fileName: 'Invoice 88.pdf',
          contentType: 'application/pdf',
          thumbnailUrl: null,
        }),
      ),
    );
    act(() =>
      FakeXhr.last.respond(
        201,
        buildAttachment(claim.id, {
          fileName: 'report.pdf',
          contentType: 'application/pdf',
          thumbnailUrl: null,
        }),
      ),
    );

    expect(await screen.findByText('3 files added')).toBeTruthy();
    expect(screen.getByText('Everyone who can see this claim can open them now.')).toBeTruthy();
    const region = await section();
    expect(within(region).getByRole('button', { name: 'Open IMG_2001.jpg' })).toBeTruthy();
    expect(within(region).getByRole('region', { name: 'Documents (3)' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Files to upload' })).toBeNull();
  });

  it('says one file added is one', async () => {
    openClaim();
    await within(await section()).findByText('No files yet.');
    choose(file('photo.jpg', 'image/jpeg'));
    fireEvent.click(screen.getByRole('button', { name: 'Upload 1 file' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() => FakeXhr.last.respond(201, buildAttachment(claim.id, { fileName: 'photo.jpg' })));
    expect(await screen.findByText('File added')).toBeTruthy();
    expect(screen.getByText('Everyone who can see this claim can open it now.')).toBeTruthy();
  });

  it('shows the server’s reason on a refused file, which cannot be sent again as it is', async () => {
    openClaim();
    await within(await section()).findByText('No files yet.');
    choose(file('photo.jpg', 'image/jpeg'));
    fireEvent.click(screen.getByRole('button', { name: 'Upload 1 file' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    const message =
      'This file’s content is a PDF, but its name ends in .jpg. Rename it to end in .pdf and upload it again.';
    act(() => FakeXhr.last.respond(415, { message, code: 'unsupported_media_type' }));

    const queue = await screen.findByRole('list', { name: 'Files to upload' });
    expect(await within(queue).findByText(message)).toBeTruthy();
    expect(screen.queryByText('File added')).toBeNull();
    expect(within(queue).queryByRole('button', { name: 'Retry photo.jpg' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(queue).getByRole('button', { name: 'Remove photo.jpg' }));
    expect(screen.queryByRole('list', { name: 'Files to upload' })).toBeNull();
  });

  it('does not offer to send again a file the server found too large', async () => {
    openClaim();
    await within(await section()).findByText('No files yet.');
    choose(file('scan.pdf', 'application/pdf'));
    fireEvent.click(screen.getByRole('button', { name: 'Upload 1 file' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    const message = 'The file is larger than the 25 MB limit';
    act(() => FakeXhr.last.respond(413, { message, code: 'payload_too_large' }));

    const queue = await screen.findByRole('list', { name: 'Files to upload' });
    expect(await within(queue).findByText(message)).toBeTruthy();
    expect(within(queue).queryByRole('button', { name: 'Retry scan.pdf' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload' }).hasAttribute('disabled')).toBe(true);
  });

  it('keeps a file whose upload failed on the server’s side, and retries it', async () => {
    openClaim();
    await within(await section()).findByText('No files yet.');
    choose(file('photo.jpg', 'image/jpeg'));
    fireEvent.click(screen.getByRole('button', { name: 'Upload 1 file' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() => FakeXhr.last.respond(503, { message: 'The server is busy; try again in a moment' }));

    const queue = await screen.findByRole('list', { name: 'Files to upload' });
    expect(await within(queue).findByText('The server is busy; try again in a moment')).toBeTruthy();
    fireEvent.click(within(queue).getByRole('button', { name: 'Retry photo.jpg' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    act(() => FakeXhr.last.respond(201, buildAttachment(claim.id, { fileName: 'photo.jpg' })));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Files to upload' })).toBeNull());
  });

  it('refuses, without sending, a file over the server’s limit or of a type it does not take', async () => {
    openClaim([], {
      routes: { [`GET ${LIST}`]: () => jsonResponse({ items: [], maxBytes: 2 * 1024 * 1024 }) },
    });
    await within(await section()).findByText('No files yet.');
    expect(screen.getByText(/up to 2 MB each/)).toBeTruthy();
    choose(file('video.mov', 'video/quicktime'), file('huge.pdf', 'application/pdf', 3 * 1024 * 1024));

    const queue = await screen.findByRole('list', { name: 'Files to upload' });
    expect(within(queue).getByText(/This type of file is not accepted/)).toBeTruthy();
    expect(within(queue).getByText('This file is larger than the 2 MB limit')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload' }).hasAttribute('disabled')).toBe(true);
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('deletes a file after asking', async () => {
    const { api } = openClaim([front, estimate], {
      routes: { [`DELETE /api/attachments/${estimate.id}`]: () => new Response(null, { status: 204 }) },
    });
    const region = await section();
    fireEvent.pointerDown(
      await within(region).findByRole('button', { name: 'Actions for Estimate 1042.pdf' }),
      { button: 0, ctrlKey: false },
    );
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this file?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete file' }));

    expect(await screen.findByText('File deleted')).toBeTruthy();
    expect(callsTo(api.fetchMock, 'DELETE', `/api/attachments/${estimate.id}`)).toHaveLength(1);
    await waitFor(() => expect(within(region).queryByRole('region', { name: /Documents/ })).toBeNull());
  });
});
