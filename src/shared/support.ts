import { z } from 'zod';
import { isPhoneNumber, PHONE_MESSAGE } from './fields.js';

const required = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

export const CONTACT_TOPICS = ['demo', 'support', 'other'] as const;
export const CONTACT_STATUSES = ['new', 'contacted', 'closed'] as const;
export const BUG_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export const BUG_STATUSES = ['new', 'triaged', 'in_progress', 'resolved', 'closed'] as const;

export const CONTACT_TOPIC_LABELS: Record<(typeof CONTACT_TOPICS)[number], string> = {
  demo: 'Request a demo',
  support: 'Support',
  other: 'Something else',
};
export const BUG_STATUS_LABELS: Record<(typeof BUG_STATUSES)[number], string> = {
  new: 'New',
  triaged: 'Triaged',
  in_progress: 'In progress',
  resolved: 'Resolved',
  closed: 'Closed',
};

/** The public contact form on /support. `website` is a honeypot: people leave it empty, bots fill it. */
export const contactRequestSchema = z.object({
  name: required('Name', 120),
  email: z.string().trim().email('Please enter a valid email address').max(320),
  company: z.string().trim().max(160).optional().default(''),
  phone: z
    .string()
    .trim()
    .max(40)
    .refine((value) => value === '' || isPhoneNumber(value), PHONE_MESSAGE)
    .optional()
    .default(''),
  topic: z.enum(CONTACT_TOPICS, { message: 'Choose a topic' }),
  message: required('Message', 5000),
  website: z.string().max(200).optional().describe('Leave empty (spam trap)'),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

export const contactSubmissionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  phone: z.string(),
  topic: z.enum(CONTACT_TOPICS),
  message: z.string(),
  status: z.enum(CONTACT_STATUSES),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ContactSubmission = z.infer<typeof contactSubmissionSchema>;

/** The 'Report a bug' form on /help; the page URL and browser are captured by the app. */
export const bugReportRequestSchema = z.object({
  title: required('Title', 200),
  description: required('Description', 10_000),
  severity: z.enum(BUG_SEVERITIES, { message: 'Choose a severity' }),
  pageUrl: z.string().max(2000).optional().default(''),
  browser: z.string().max(500).optional().default(''),
});
export type BugReportRequest = z.input<typeof bugReportRequestSchema>;

export const bugReportSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string(),
  severity: z.enum(BUG_SEVERITIES),
  status: z.enum(BUG_STATUSES),
  pageUrl: z.string(),
  browser: z.string(),
  reporter: z.object({ id: z.uuid(), username: z.string(), name: z.string() }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type BugReport = z.infer<typeof bugReportSchema>;

const listQuery = <Status extends readonly [string, ...string[]]>(statuses: Status) =>
  z.object({
    search: z.string().trim().max(100).optional(),
    status: z.enum(statuses).optional(),
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  });

export const listContactSubmissionsQuerySchema = listQuery(CONTACT_STATUSES);
export const listBugReportsQuerySchema = listQuery(BUG_STATUSES);
export const updateContactSubmissionSchema = z.object({ status: z.enum(CONTACT_STATUSES) });
export const updateBugReportSchema = z.object({ status: z.enum(BUG_STATUSES) });

export const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
