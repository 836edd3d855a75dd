import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { mailAttachments, mailOutbox } from '../db/schema/index.js';
import { createLogger } from '../logger.js';
import { queueMail } from '../modules/mail/index.js';
import { startTestSmtpServer } from '../test/smtp.js';
import { createTestDatabase } from '../test/test-app.js';
import { mailDeliveryJob, MAIL_BATCH_SIZE, smtpSender } from './mail-outbox.js';
import { createJobRunner, listRuns } from './runner/index.js';

const logger = createLogger({ logLevel: 'silent' });

describe('mail delivery on the job runner', async () => {
  const database = await createTestDatabase();
  const db = database.db;
  const smtp = await startTestSmtpServer();
  const sender = smtpSender(smtp.url);
  afterAll(async () => {
    sender.close();
    await smtp.close();
    await database.close();
  });
  // Mail is due at the database's clock; a clock far ahead keeps the runner's view of "due" out of the way.
  const runner = createJobRunner({
    db,
    logger,
    jobs: [mailDeliveryJob({ sender, from: 'FleetClaims <no-reply@test>' })],
    now: () => new Date('2099-01-01T00:00:30Z'),
    pollEveryMs: 0,
  });
  afterAll(() => runner.stop());

  const queue = (to: string) =>
    db.insert(mailOutbox).values({ to, subject: 'Hello', html: '<p>Hi</p>', text: 'Hi' });

  it('queuing a mail wakes the mail job, which sends it over SMTP', async () => {
    await queue('first@example.com');
    await queue('second@example.com');
    const waiting = await listRuns(db, { job: 'mail.deliver' });
    expect(waiting.map((run) => [run.trigger, run.status])).toEqual([['manual', 'queued']]);
    await runner.tick();
    expect(smtp.received.flatMap((mail) => mail.to).sort()).toEqual([
      'first@example.com',
      'second@example.com',
    ]);
    const sent = await db.select().from(mailOutbox).where(eq(mailOutbox.status, 'sent'));
    expect(sent).toHaveLength(2);
    const runs = await listRuns(db, { job: 'mail.deliver' });
    expect(runs.find((run) => run.trigger === 'manual')).toMatchObject({
      status: 'succeeded',
      result: { sent: 2, failed: 0 },
    });
  });

  it('sends batch after batch until nothing is due', async () => {
    const before = smtp.received.length;
    await db.insert(mailOutbox).values(
      Array.from({ length: MAIL_BATCH_SIZE + 3 }, (_, index) => ({
        to: `bulk${index}@example.com`,
        subject: 'Bulk',
        html: '<p>Bulk</p>',
        text: 'Bulk',
      })),
    );
    await runner.tick();
    expect(smtp.received.length - before).toBe(MAIL_BATCH_SIZE + 3);
  });

  it('sends the files queued with a mail as attachments, byte for byte and in order', async () => {
    const pdf = Buffer.from('%PDF-1.7\n\x00\xff binary body\n%%EOF', 'latin1');
    const csv = Buffer.from('number,total\nINV-2026-000001,1234.56\n');
    const mailId = await queueMail(db, {
      to: 'billing@example.com',
      template: 'password_reset',
      values: { name: 'Dana', link: 'https://example.test/reset' },
      attachments: [
        { fileName: 'INV-2026-000001.pdf', contentType: 'application/pdf', content: pdf },
        { fileName: 'lines.csv', contentType: 'text/csv', content: csv },
      ],
    });
    await runner.tick();
    const mail = smtp.received.find((received) => received.to.includes('billing@example.com'));
    expect(mail?.attachments.map((file) => [file.fileName, file.contentType])).toEqual([
      ['INV-2026-000001.pdf', 'application/pdf'],
      ['lines.csv', 'text/csv'],
    ]);
    expect(mail?.attachments[0]?.content.equals(pdf)).toBe(true);
    expect(mail?.attachments[1]?.content.equals(csv)).toBe(true);
    // The attachments go with the mail when the clean-up deletes it.
    await db.delete(mailOutbox).where(eq(mailOutbox.id, mailId));
    expect(await db.select().from(mailAttachments).where(eq(mailAttachments.mailId, mailId))).toEqual([]);
  });
});
