import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { AppError } from '@shared/errors.js';
import type { BugReport, ContactSubmission } from '@shared/support.js';
import { CONTACT_TOPIC_LABELS } from '@shared/support.js';
import { actorIp, type Actor, type UserActor } from '../../actor.js';
import type { Database } from '../../db/client.js';
import { pageOf, selectPage } from '../../db/paging.js';
import { bugReports, contactSubmissions, users } from '../../db/schema/index.js';
import { recordAudit } from '../audit/index.js';
import { queueMail } from '../mail/index.js';
import { notify } from '../notifications/index.js';
import { hitRateLimit, retryAfterSeconds } from '../rate-limit/index.js';

/** Contact messages accepted per client address per hour. */
export const CONTACT_LIMIT_PER_HOUR = 5;

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const fullName = (user: { firstName: string | null; lastName: string | null; username: string }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;

async function activeAdmins(db: Database) {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.active, true)));
}

export function presentContactSubmission(row: typeof contactSubmissions.$inferSelect): ContactSubmission {
  const { ip: _ip, createdAt, updatedAt, ...rest } = row;
  return { ...rest, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() };
}

/** Stores a contact message, and tells every admin in the app and by mail. Throttled per address. */
export async function submitContact(
  db: Database,
  actor: Actor,
  appUrl: string,
  input: {
    name: string;
    email: string;
    company: string;
    phone: string;
    topic: 'demo' | 'support' | 'other';
    message: string;
  },
) {
  const window = await hitRateLimit(db, `contact:${actorIp(actor)}`, 60 * 60 * 1000);
  if (window.count > CONTACT_LIMIT_PER_HOUR) {
    throw new AppError('rate_limited', 'You have sent several messages already. Please try again later.', {
      headers: { 'retry-after': String(retryAfterSeconds(window)) },
    });
  }
  const [row] = await db
    .insert(contactSubmissions)
    .values({ ...input, ip: actorIp(actor) })
    .returning();
  const admins = await activeAdmins(db);
  const topic = CONTACT_TOPIC_LABELS[input.topic];
  await notify(
    db,
    actor,
    admins.map((admin) => admin.id),
    {
      type: 'system',
      title: `New contact request: ${topic}`,
      message: `${input.name} (${input.email}) wrote through the support page.`,
    },
  );
  for (const admin of admins) {
    if (!admin.email) continue;
    await queueMail(db, {
      to: admin.email,
      template: 'contact_received',
      values: {
        name: input.name,
        email: input.email,
        company: input.company || '—',
        topic,
        message: input.message,
        submissionsUrl: `${appUrl}/admin/contact-submissions`,
      },
    });
  }
  return row!;
}

export async function listContactSubmissions(
  db: Database,
  query: { search?: string; status?: ContactSubmission['status']; page: number; pageSize: number },
) {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(contactSubmissions.status, query.status));
  if (query.search) {
    const pattern = like(query.search);
    conditions.push(
      or(
        ilike(contactSubmissions.name, pattern),
        ilike(contactSubmissions.email, pattern),
        ilike(contactSubmissions.company, pattern),
        ilike(contactSubmissions.message, pattern),
      )!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const { rows, total } = await selectPage(
    db,
    db.select().from(contactSubmissions).where(where).orderBy(desc(contactSubmissions.createdAt)).$dynamic(),
    { table: contactSubmissions, where },
    query,
  );
  return pageOf(rows.map(presentContactSubmission), total, query);
}

export async function getContactSubmission(db: Database, id: string) {
  const [row] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
  if (!row) throw new AppError('not_found', 'Contact submission not found');
  return presentContactSubmission(row);
}

export async function setContactSubmissionStatus(
  db: Database,
  actor: Actor,
  id: string,
  status: ContactSubmission['status'],
) {
  const before = await getContactSubmission(db, id);
  const [row] = await db
    .update(contactSubmissions)
    .set({ status, updatedAt: new Date() })
    .where(eq(contactSubmissions.id, id))
    .returning();
  await recordAudit(db, actor, {
    action: 'contact.status_changed',
    entityType: 'contact_submission',
    entityId: id,
    before: before.status,
    after: status,
  });
  return presentContactSubmission(row!);
}

const reporters = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
};

function presentBugReport(
  row: typeof bugReports.$inferSelect,
  reporter: {
    id: string | null;
    username: string | null;
    firstName: string | null;
    lastName: string | null;
  } | null,
): BugReport {
  const { reporterId: _reporterId, createdAt, updatedAt, ...rest } = row;
  return {
    ...rest,
    reporter:
      reporter?.id && reporter.username
        ? {
            id: reporter.id,
            username: reporter.username,
            name: fullName({ ...reporter, username: reporter.username }),
          }
        : null,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

export async function createBugReport(
  db: Database,
  actor: UserActor,
  input: {
    title: string;
    description: string;
    severity: BugReport['severity'];
    pageUrl: string;
    browser: string;
  },
) {
  const reporter = actor.user;
  const [row] = await db
    .insert(bugReports)
    .values({ ...input, reporterId: reporter.id })
    .returning();
  const admins = await activeAdmins(db);
  await notify(
    db,
    actor,
    admins.map((admin) => admin.id).filter((id) => id !== reporter.id),
    {
      type: 'system',
      title: `Bug reported (${input.severity})`,
      message: `${fullName(reporter)}: ${input.title}`,
    },
  );
  return presentBugReport(row!, reporter);
}

export async function listBugReports(
  db: Database,
  query: { search?: string; status?: BugReport['status']; page: number; pageSize: number },
) {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(bugReports.status, query.status));
  if (query.search) {
    const pattern = like(query.search);
    conditions.push(or(ilike(bugReports.title, pattern), ilike(bugReports.description, pattern))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const { rows, total } = await selectPage(
    db,
    db
      .select({ report: bugReports, reporter: reporters })
      .from(bugReports)
      .leftJoin(users, eq(users.id, bugReports.reporterId))
      .where(where)
      .orderBy(desc(bugReports.createdAt))
      .$dynamic(),
    { table: bugReports, where },
    query,
  );
  return pageOf(
    rows.map((row) => presentBugReport(row.report, row.reporter)),
    total,
    query,
  );
}

export async function getBugReport(db: Database, id: string) {
  const [row] = await db
    .select({ report: bugReports, reporter: reporters })
    .from(bugReports)
    .leftJoin(users, eq(users.id, bugReports.reporterId))
    .where(eq(bugReports.id, id));
  if (!row) throw new AppError('not_found', 'Bug report not found');
  return presentBugReport(row.report, row.reporter);
}

export async function setBugReportStatus(
  db: Database,
  actor: Actor,
  id: string,
  status: BugReport['status'],
) {
  const before = await getBugReport(db, id);
  await db.update(bugReports).set({ status, updatedAt: new Date() }).where(eq(bugReports.id, id));
  await recordAudit(db, actor, {
    action: 'bug_report.status_changed',
    entityType: 'bug_report',
    entityId: id,
    before: before.status,
    after: status,
  });
  return getBugReport(db, id);
}
