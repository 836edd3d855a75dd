/**
 * Default mail templates. Admins may override subject and bodies per key (email_templates table);
 * `{{placeholder}}` values are HTML-escaped in the HTML body and inserted as-is in the text body.
 */
import { EMAIL_TEMPLATE_KEYS, type EmailTemplateKey } from '@shared/email-templates.js';

export { EMAIL_TEMPLATE_KEYS, type EmailTemplateKey };

export interface EmailTemplate {
  name: string;
  description: string;
  subject: string;
  html: string;
  text: string;
  /** Placeholder → what it holds, shown to admins editing the template. */
  placeholders: Record<string, string>;
  /** Believable values for the live preview and the test mail. */
  sample: Record<string, string>;
}

const layout = (body: string) =>
  `<div style="font-family:Segoe UI,Arial,sans-serif;font-size:15px;line-height:1.5;color:#1f2937;max-width:560px">${body}<p style="color:#6b7280;font-size:12px;margin-top:32px">FleetClaims · fleet repair claim tracking</p></div>`;
const button = (href: string, label: string) =>
  `<p><a href="${href}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${label}</a></p>`;

export const DEFAULT_TEMPLATES: Record<EmailTemplateKey, EmailTemplate> = {
  password_reset: {
    name: 'Password reset',
    description:
      'Sent when someone asks to reset a password on the forgot-password page, or an admin sends a reset link.',
    sample: {
      firstName: 'Dana',
      username: 'dana.fleet',
      resetUrl: 'https://claims.example.com/reset-password/sample-token',
    },
    subject: 'Reset your FleetClaims password',
    html: layout(
      `<p>Hello {{firstName}},</p><p>Someone asked to reset the password of your FleetClaims account <strong>{{username}}</strong>. The link below works once and expires in 1 hour.</p>${button('{{resetUrl}}', 'Choose a new password')}<p>If it was not you, ignore this message: your password stays as it is.</p>`,
    ),
    text: 'Hello {{firstName}},\n\nSomeone asked to reset the password of your FleetClaims account {{username}}. This link works once and expires in 1 hour:\n\n{{resetUrl}}\n\nIf it was not you, ignore this message: your password stays as it is.',
    placeholders: {
      firstName: "The user's first name",
      username: "The user's login name",
      resetUrl: 'The single-use link to choose a new password',
    },
  },
  welcome: {
    name: 'Welcome / set your password',
    description: 'Sent to a new user created without a temporary password.',
    sample: {
      firstName: 'Dana',
      username: 'dana.fleet',
      invitedBy: 'Alex Admin',
      setPasswordUrl: 'https://claims.example.com/reset-password/sample-token',
    },
    subject: 'Your FleetClaims account',
    html: layout(
      `<p>Hello {{firstName}},</p><p>{{invitedBy}} created a FleetClaims account for you. Your username is <strong>{{username}}</strong>.</p>${button('{{setPasswordUrl}}', 'Set your password')}<p>The link works once and expires in 7 days.</p>`,
    ),
    text: 'Hello {{firstName}},\n\n{{invitedBy}} created a FleetClaims account for you. Your username is {{username}}.\n\nSet your password (the link works once and expires in 7 days):\n{{setPasswordUrl}}',
    placeholders: {
      firstName: "The new user's first name",
      username: 'The login name',
      invitedBy: 'The administrator who created the account',
      setPasswordUrl: 'The single-use link to set a password',
    },
  },
  mention: {
    name: 'Mentioned in a note',
    description: 'Sent when someone @mentions a user in a claim note.',
    sample: {
      author: 'Sam Manager',
      claimNumber: 'CLM-000123',
      note: '@dana can you confirm the ETA with the shop?',
      claimUrl: 'https://claims.example.com/vehicles/sample',
    },
    subject: '{{author}} mentioned you on claim {{claimNumber}}',
    html: layout(
      `<p>{{author}} mentioned you on claim <strong>{{claimNumber}}</strong>:</p><blockquote>{{note}}</blockquote>${button('{{claimUrl}}', 'Open the claim')}`,
    ),
    text: '{{author}} mentioned you on claim {{claimNumber}}:\n\n{{note}}\n\n{{claimUrl}}',
    placeholders: {
      author: 'Who wrote the note',
      claimNumber: 'e.g. CLM-000123',
      note: 'The note',
      claimUrl: 'Link to the claim',
    },
  },
  claim_status_changed: {
    name: 'Claim status changed',
    description: 'Sent to the assignee and watchers when a claim moves.',
    sample: {
      claimNumber: 'CLM-000123',
      vehicle: 'Unit 4821 · 2022 Ford Transit',
      previousStatus: 'Parts ordered',
      status: 'In repair',
      changedBy: 'Sam Manager',
      claimUrl: 'https://claims.example.com/vehicles/sample',
    },
    subject: 'Claim {{claimNumber}} is now {{status}}',
    html: layout(
      `<p>Claim <strong>{{claimNumber}}</strong> ({{vehicle}}) moved from {{previousStatus}} to <strong>{{status}}</strong> by {{changedBy}}.</p>${button('{{claimUrl}}', 'Open the claim')}`,
    ),
    text: 'Claim {{claimNumber}} ({{vehicle}}) moved from {{previousStatus}} to {{status}} by {{changedBy}}.\n\n{{claimUrl}}',
    placeholders: {
      claimNumber: 'e.g. CLM-000123',
      vehicle: 'Unit number and vehicle',
      previousStatus: 'The status before',
      status: 'The new status',
      changedBy: 'Who moved it',
      claimUrl: 'Link to the claim',
    },
  },
  authorization_requested: {
    name: 'Mechanical authorization requested',
    description: 'Sent to managers when a shop asks to authorize mechanical work.',
    sample: {
      requestedBy: 'Northside Fleet Service',
      amount: '$1,284.50',
      claimNumber: 'CLM-000123',
      vehicle: 'Unit 4821 · 2022 Ford Transit',
      claimUrl: 'https://claims.example.com/vehicles/sample',
    },
    subject: 'Authorization requested on claim {{claimNumber}}: {{amount}}',
    html: layout(
      `<p>{{requestedBy}} asks to authorize <strong>{{amount}}</strong> of mechanical work on claim {{claimNumber}} ({{vehicle}}).</p>${button('{{claimUrl}}', 'Review the request')}`,
    ),
    text: '{{requestedBy}} asks to authorize {{amount}} of mechanical work on claim {{claimNumber}} ({{vehicle}}).\n\n{{claimUrl}}',
    placeholders: {
      requestedBy: 'Who asks',
      amount: 'Requested amount',
      claimNumber: 'e.g. CLM-000123',
      vehicle: 'The vehicle',
      claimUrl: 'Link to the claim',
    },
  },
  invoice_sent: {
    name: 'Invoice',
    description: "Sent to a company's billing email with the invoice's PDF attached when an invoice is sent.",
    sample: {
      contactName: 'Jordan Reyes',
      companyName: 'Acme Rentals',
      invoiceNumber: 'INV-2026-0042',
      total: '$3,912.00',
      balance: '$3,912.00',
      dueDate: 'Dec 22, 2026',
    },
    subject: 'Invoice {{invoiceNumber}} from FleetClaims',
    html: layout(
      `<p>Hello {{contactName}},</p><p>Invoice <strong>{{invoiceNumber}}</strong> for {{total}} is due on {{dueDate}}. The invoice is attached as a PDF.</p><p>Thank you for your business.</p>`,
    ),
    text: 'Hello {{contactName}},\n\nInvoice {{invoiceNumber}} for {{total}} is due on {{dueDate}}. The invoice is attached as a PDF.\n\nThank you for your business.',
    placeholders: {
      contactName: 'Billing contact (or the company name)',
      companyName: 'The company billed',
      invoiceNumber: 'Invoice number',
      total: 'Invoice total',
      balance: 'Balance due',
      dueDate: 'Due date',
    },
  },
  invoice_reminder: {
    name: 'Invoice reminder',
    description:
      "Sent to a company's billing email when one of its invoices is 7, 30 and 60 days past due (the days are the server's INVOICE_REMINDER_DAYS; reminders can be turned off per company), with the invoice's PDF attached.",
    sample: {
      contactName: 'Jordan Reyes',
      companyName: 'Acme Rentals',
      invoiceNumber: 'INV-2026-000042',
      total: '$3,912.00',
      balance: '$1,912.00',
      dueDate: 'Dec 22, 2026',
      daysPastDue: '30',
    },
    subject: 'Reminder: invoice {{invoiceNumber}} is {{daysPastDue}} days past due',
    html: layout(
      `<p>Hello {{contactName}},</p><p>Invoice <strong>{{invoiceNumber}}</strong> was due on {{dueDate}} and <strong>{{balance}}</strong> of its {{total}} is still open ({{daysPastDue}} days past due). The invoice is attached as a PDF.</p><p>If you have already paid, thank you, and please ignore this reminder.</p>`,
    ),
    text: 'Hello {{contactName}},\n\nInvoice {{invoiceNumber}} was due on {{dueDate}} and {{balance}} of its {{total}} is still open ({{daysPastDue}} days past due). The invoice is attached as a PDF.\n\nIf you have already paid, thank you, and please ignore this reminder.',
    placeholders: {
      contactName: 'Billing contact (or the company name)',
      companyName: 'The company billed',
      invoiceNumber: 'Invoice number',
      total: 'Invoice total',
      balance: 'Balance still open',
      dueDate: 'Due date',
      daysPastDue: 'Days past the due date (7, 30, 60 …)',
    },
  },
  account_statement: {
    name: 'Monthly statement',
    description:
      'Sent on the first of each month to the billing email of companies that asked for it (company form: "Email monthly statements") and owe or have credit, with their statement (open invoices, aging, unapplied credit) as of the last day of the month before attached as a PDF.',
    sample: {
      contactName: 'Jordan Reyes',
      companyName: 'Acme Rentals',
      asOf: 'Nov 30, 2026',
      openBalance: '$5,824.00',
      credit: '$0.00',
    },
    subject: 'Your FleetClaims statement as of {{asOf}}',
    html: layout(
      `<p>Hello {{contactName}},</p><p>The statement of <strong>{{companyName}}</strong> as of {{asOf}} is attached as a PDF: open balance <strong>{{openBalance}}</strong>, unapplied credit {{credit}}.</p>`,
    ),
    text: 'Hello {{contactName}},\n\nThe statement of {{companyName}} as of {{asOf}} is attached as a PDF: open balance {{openBalance}}, unapplied credit {{credit}}.',
    placeholders: {
      contactName: 'Billing contact (or the company name)',
      companyName: 'The company',
      asOf: 'The day the statement stands at',
      openBalance: 'Open invoices in total',
      credit: 'Payments not applied yet',
    },
  },
  contact_received: {
    name: 'Contact form received',
    description: 'Sent to admins when someone writes through the support page.',
    sample: {
      name: 'Priya Natarajan',
      email: 'priya@example.com',
      company: 'Metro Delivery',
      topic: 'Request a demo',
      message: 'We run 340 vans and would like a demo.',
      submissionsUrl: 'https://claims.example.com/admin/contact-submissions',
    },
    subject: 'New {{topic}} request from {{name}}',
    html: layout(
      `<p><strong>{{name}}</strong> ({{email}}, {{company}}) wrote about <strong>{{topic}}</strong>:</p><blockquote>{{message}}</blockquote>${button('{{submissionsUrl}}', 'Open contact submissions')}`,
    ),
    text: '{{name}} ({{email}}, {{company}}) wrote about {{topic}}:\n\n{{message}}\n\n{{submissionsUrl}}',
    placeholders: {
      name: 'Sender',
      email: 'Sender email',
      company: 'Sender company',
      topic: 'demo, support or other',
      message: 'The message',
      submissionsUrl: 'Link to the admin list',
    },
  },
  notification: {
    name: 'Notification',
    description:
      'Sent for a notification the user chose to receive by email on their profile, when its kind has no template of its own (assignment, authorization decision, estimate review, system).',
    sample: {
      title: 'CLM-000123 is waiting for your estimate review',
      message: 'Unit 4821 · Northside Collision sent a supplement of $1,284.50.',
      claimUrl: 'https://claims.example.com/vehicles/sample',
    },
    subject: '{{title}}',
    html: layout(
      `<p><strong>{{title}}</strong></p><p>{{message}}</p>${button('{{claimUrl}}', 'Open in FleetClaims')}`,
    ),
    text: '{{title}}\n\n{{message}}\n\n{{claimUrl}}',
    placeholders: {
      title: 'What happened (the notification title)',
      message: 'The details',
      claimUrl: 'Link to the claim, or to the notifications page when it is about no claim',
    },
  },
  notification_digest: {
    name: 'Daily notification digest',
    description:
      "Sent once a day to users who chose the daily digest on their profile: the day's notifications they have not read yet.",
    sample: {
      firstName: 'Dana',
      count: '3 unread notifications',
      date: 'Nov 25, 2026',
      items:
        '• CLM-000123 is now In repair — Unit 4821: Parts ordered → In repair\n  https://claims.example.com/vehicles/sample\n• Sam Manager mentioned you on CLM-000124 — can you confirm the ETA?\n  https://claims.example.com/vehicles/sample',
      notificationsUrl: 'https://claims.example.com/notifications',
    },
    subject: 'FleetClaims: {{count}} from {{date}}',
    html: layout(
      `<p>Hello {{firstName}},</p><p>You have {{count}} from {{date}}:</p><p style="white-space:pre-line">{{items}}</p>${button('{{notificationsUrl}}', 'Open your notifications')}<p style="color:#6b7280;font-size:13px">You get this digest because you chose it on your profile (Edit Profile → Notifications).</p>`,
    ),
    text: 'Hello {{firstName}},\n\nYou have {{count}} from {{date}}:\n\n{{items}}\n\nAll your notifications: {{notificationsUrl}}\n\nYou get this digest because you chose it on your profile (Edit Profile → Notifications).',
    placeholders: {
      firstName: "The user's first name",
      count: 'e.g. "3 unread notifications"',
      date: 'The day the digest covers',
      items: 'One line per notification (title — message) with the link to its claim',
      notificationsUrl: 'Link to the notifications page',
    },
  },
  report_digest: {
    name: 'Report subscription',
    description:
      'Sent weekly or monthly to a user who chose "Email me this report" on the Reports page, with the report as a PDF. Not sent when the report counts no claims.',
    sample: {
      firstName: 'Dana',
      reportName: 'Acme collision, last 30 days',
      cadence: 'weekly',
      period: 'Oct 27, 2026 – Nov 25, 2026',
      claims: '42 claims',
      reportUrl: 'https://claims.example.com/reports?range=last_30_days',
    },
    subject: 'Your {{cadence}} report: {{reportName}}',
    html: layout(
      `<p>Hello {{firstName}},</p><p>Your {{cadence}} report <strong>{{reportName}}</strong> is attached as a PDF. It covers {{period}} and counts {{claims}}.</p>${button('{{reportUrl}}', 'Open the report')}<p style="color:#6b7280;font-size:13px">You get this report because you asked for it on the Reports page, where you can also cancel it.</p>`,
    ),
    text: 'Hello {{firstName}},\n\nYour {{cadence}} report "{{reportName}}" is attached as a PDF. It covers {{period}} and counts {{claims}}.\n\nOpen the report: {{reportUrl}}\n\nYou get this report because you asked for it on the Reports page, where you can also cancel it.',
    placeholders: {
      firstName: "The user's first name",
      reportName: 'The name given to the subscription',
      cadence: 'weekly or monthly',
      period: 'The days the report covers',
      claims: 'e.g. "42 claims"',
      reportUrl: 'Link to the Reports page with the same filters',
    },
  },
};

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function fill(source: string, values: Record<string, string>, escape: (value: string) => string) {
  return source.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, key: string) => escape(values[key] ?? ''));
}

/** Renders a template: placeholders HTML-escaped in the HTML body and the subject kept as plain text. */
export function renderTemplate(
  template: Pick<EmailTemplate, 'subject' | 'html' | 'text'>,
  values: Record<string, string>,
) {
  const plain = (value: string) => value.replace(/[\r\n]+/g, ' ');
  return {
    subject: fill(template.subject, values, plain),
    html: fill(template.html, values, escapeHtml),
    text: fill(template.text, values, (value) => value),
  };
}
