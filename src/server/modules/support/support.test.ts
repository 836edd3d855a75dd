import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactSubmissions, mailOutbox, notifications } from '../../db/schema/index.js';
import { buildUser, loginAs } from '../../test/factories.js';
import { createTestApp } from '../../test/test-app.js';
import { CONTACT_LIMIT_PER_HOUR } from './support.service.js';

const contact = {
  name: 'Priya Natarajan',
  email: 'priya@metro-delivery.example',
  company: 'Metro Delivery',
  phone: '+1 (555) 010-2030',
  topic: 'demo',
  message: 'We run 340 vans and would like a demo.',
};

describe('contact form and bug reports', async () => {
  const { app, database } = await createTestApp();
  const db = database.db;
  const admin = await buildUser(db, { role: 'admin', email: 'ops-admin@example.com' });
  const adminCookie = await loginAs(app, admin);
  let address = 0;
  // Each test sends from its own address so the per-address limit does not spill between tests.
  const send = (payload: object, ip = `10.0.0.${++address}`) =>
    app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: ip });

  it('stores a message, notifies the admins and mails them the contact_received template', async () => {
    const response = await send(contact);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: 'Thank you! We will get back to you within one business day.',
    });
    const [stored] = await db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.email, contact.email));
    expect(stored).toMatchObject({ name: 'Priya Natarajan', topic: 'demo', status: 'new' });
    const [note] = await db.select().from(notifications).where(eq(notifications.userId, admin.id));
    expect(note).toMatchObject({ type: 'system', title: 'New contact request: Request a demo' });
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ops-admin@example.com'));
    expect(mail!.subject).toBe('New Request a demo request from Priya Natarajan');
    expect(mail!.html).toContain('We run 340 vans');
  });

  it('escapes what visitors type when it goes into the HTML mail', async () => {
    await send({ ...contact, email: 'x@evil.example', name: '<script>alert(1)</script>' });
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.templateKey, 'contact_received'));
    const html = mails.map((m) => m.html).join('');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
  });

  it('validates every field', async () => {
    const response = await send({ name: '', email: 'nope', topic: 'sales', message: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toMatchObject({
      name: ['Name is required'],
      email: ['Please enter a valid email address'],
      topic: ['Choose a topic'],
      message: ['Message is required'],
    });
  });

  it('pretends to accept a bot that fills the honeypot, and stores nothing', async () => {
    const before = (await db.select().from(contactSubmissions)).length;
    const response = await send({ ...contact, website: 'http://spam.example' });
    expect(response.statusCode).toBe(201);
    expect((await db.select().from(contactSubmissions)).length).toBe(before);
  });

  it(`accepts ${CONTACT_LIMIT_PER_HOUR} messages an hour from one address, then answers 429`, async () => {
    for (let i = 0; i < CONTACT_LIMIT_PER_HOUR; i++)
      expect((await send(contact, '10.9.9.9')).statusCode).toBe(201);
    const refused = await send(contact, '10.9.9.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });

  it('lists, filters and moves submissions through their statuses, for admins only', async () => {
    await send({ ...contact, name: 'Filter Me', email: 'filter@example.com' });
    const listed = await app.inject({
      method: 'GET',
      url: '/api/contact-submissions?search=filter@example.com',
      headers: { cookie: adminCookie },
    });
    expect(listed.json().total).toBe(1);
    const id = listed.json().items[0].id;
    const moved = await app.inject({
      method: 'PATCH',
      url: `/api/contact-submissions/${id}`,
      headers: { cookie: adminCookie },
      payload: { status: 'contacted' },
    });
    expect(moved.json().status).toBe('contacted');
    const byStatus = await app.inject({
      method: 'GET',
      url: '/api/contact-submissions?status=contacted',
      headers: { cookie: adminCookie },
    });
    expect(byStatus.json().items.map((s: { id: string }) => s.id)).toContain(id);

    const manager = await loginAs(app, await buildUser(db, { role: 'manager' }));
    expect(
      (await app.inject({ method: 'GET', url: '/api/contact-submissions', headers: { cookie: manager } }))
        .statusCode,
    ).toBe(403);
  });

  it('takes a bug report from any user and shows it to admins with its reporter', async () => {
    const viewer = await buildUser(db, { role: 'viewer', firstName: 'Vic', lastName: 'Viewer' });
    const cookie = await loginAs(app, viewer);
    const created = await app.inject({
      method: 'POST',
      url: '/api/bug-reports',
      headers: { cookie },
      payload: {
        title: 'Export button does nothing',
        description: 'Clicking it on /reports…',
        severity: 'high',
        pageUrl: 'http://localhost:5000/reports',
        browser: 'Chrome 156',
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      status: 'new',
      reporter: { username: viewer.username, name: 'Vic Viewer' },
    });
    const list = await app.inject({
      method: 'GET',
      url: '/api/bug-reports?status=new',
      headers: { cookie: adminCookie },
    });
    expect(list.json().items[0]).toMatchObject({
      title: 'Export button does nothing',
      pageUrl: 'http://localhost:5000/reports',
    });
    const triaged = await app.inject({
      method: 'PATCH',
      url: `/api/bug-reports/${created.json().id}`,
      headers: { cookie: adminCookie },
      payload: { status: 'triaged' },
    });
    expect(triaged.json().status).toBe('triaged');
    expect(
      (await app.inject({ method: 'GET', url: '/api/bug-reports', headers: { cookie } })).statusCode,
    ).toBe(403);
    const invalid = await app.inject({
      method: 'POST',
      url: '/api/bug-reports',
      headers: { cookie },
      payload: { title: '', description: '', severity: 'meh' },
    });
    expect(invalid.json().fieldErrors).toMatchObject({
      title: ['Title is required'],
      severity: ['Choose a severity'],
    });
  });
});
