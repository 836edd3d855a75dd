import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_QUIET_DAYS, DEFAULT_STALE_CLAIM_DAYS } from '@shared/settings.js';
import { buildCompany, buildUser, loginAs } from '../../test/factories.js';
import { multipartFile as multipart } from '../../test/multipart.js';
import { createTestApp } from '../../test/test-app.js';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();

describe('edit profile', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;

  it('updates names and email with validation', async () => {
    const user = await buildUser(db);
    const cookie = await loginAs(app, user);
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: { cookie },
      payload: { firstName: 'Jordan', lastName: 'Reyes', email: 'jordan@example.com' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      firstName: 'Jordan',
      lastName: 'Reyes',
      email: 'jordan@example.com',
    });
    const invalid = await app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: { cookie },
      payload: { firstName: '', lastName: 'Reyes', email: 'x' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fieldErrors).toMatchObject({ firstName: ['First name is required'] });
  });

  it('refuses an email another user has', async () => {
    const other = await buildUser(db);
    const cookie = await loginAs(app, await buildUser(db));
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: { cookie },
      payload: { firstName: 'A', lastName: 'B', email: other.email!.toUpperCase() },
    });
    expect(response.statusCode).toBe(409);
  });

  it('stores a photo resized to a 256 px WebP square that logged-in users can fetch', async () => {
    const user = await buildUser(db);
    const cookie = await loginAs(app, user);
    const upload = multipart('photo', 'me.png', 'image/png', await png(800, 600));
    const response = await app.inject({
      method: 'POST',
      url: '/api/user/photo',
      headers: { cookie, ...upload.headers },
      payload: upload.payload,
    });
    expect(response.statusCode).toBe(200);
    const url = response.json().profileImageUrl as string;
    expect(url).toMatch(new RegExp(`^/api/users/${user.id}/photo\\?v=[0-9a-f]+$`));

    const photo = await app.inject({ method: 'GET', url, headers: { cookie } });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    const metadata = await sharp(photo.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 256, 256]);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);

    const removed = await app.inject({ method: 'DELETE', url: '/api/user/photo', headers: { cookie } });
    expect(removed.json().profileImageUrl).toBeNull();
    expect((await app.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(404);
  });

  it('checks the type by content, not by the file name', async () => {
    const cookie = await loginAs(app, await buildUser(db));
    const fake = multipart('photo', 'photo.png', 'image/png', Buffer.from('%PDF-1.7 not an image at all'));
    const response = await app.inject({
      method: 'POST',
      url: '/api/user/photo',
      headers: { cookie, ...fake.headers },
      payload: fake.payload,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('The photo must be a JPEG, PNG or WebP image');
  });

  it('refuses a photo over 5 MB with 413', async () => {
    const cookie = await loginAs(app, await buildUser(db));
    const big = multipart('photo', 'big.png', 'image/png', Buffer.alloc(5 * 1024 * 1024 + 10, 1));
    const response = await app.inject({
      method: 'POST',
      url: '/api/user/photo',
      headers: { cookie, ...big.headers },
      payload: big.payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The photo must be at most 5 MB');
  });
});

describe('system settings', async () => {
  const { app, database } = await createTestApp();

  it('are read by everyone and changed only by admins', async () => {
    const viewer = await loginAs(app, await buildUser(database.db, { role: 'viewer' }));
    const admin = await loginAs(app, await buildUser(database.db, { role: 'admin' }));
    expect(
      (await app.inject({ method: 'GET', url: '/api/settings/public', headers: { cookie: viewer } })).json(),
    ).toEqual({
      fleetDashboardCompanyId: null,
      staleClaimDays: DEFAULT_STALE_CLAIM_DAYS,
      shopQuietDays: DEFAULT_SHOP_QUIET_DAYS,
      managersCreateApiTokens: false,
    });
    const refused = await app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { cookie: viewer },
      payload: { fleetDashboardCompanyId: null },
    });
    expect(refused.statusCode).toBe(403);
    const unknown = await app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { cookie: admin },
      payload: { fleetDashboardCompanyId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.statusCode).toBe(400);

    const company = await buildCompany(database.db);
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { cookie: admin },
      payload: { fleetDashboardCompanyId: company.id },
    });
    expect(saved.json()).toEqual({
      fleetDashboardCompanyId: company.id,
      staleClaimDays: DEFAULT_STALE_CLAIM_DAYS,
      shopQuietDays: DEFAULT_SHOP_QUIET_DAYS,
      managersCreateApiTokens: false,
    });
    expect(
      (await app.inject({ method: 'GET', url: '/api/settings/public', headers: { cookie: viewer } })).json(),
    ).toEqual({
      fleetDashboardCompanyId: company.id,
      staleClaimDays: DEFAULT_STALE_CLAIM_DAYS,
      shopQuietDays: DEFAULT_SHOP_QUIET_DAYS,
      managersCreateApiTokens: false,
    });

    const cleared = await app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { cookie: admin },
      payload: { fleetDashboardCompanyId: null },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({
      fleetDashboardCompanyId: null,
      staleClaimDays: DEFAULT_STALE_CLAIM_DAYS,
      shopQuietDays: DEFAULT_SHOP_QUIET_DAYS,
      managersCreateApiTokens: false,
    });
  });
});
