/**
 * Default mail templates. Admins may override subject and bodies per key (email_templates table);
 * `{{placeholder}}` values are HTML-escaped in the HTML body and inserted as-is in the text body.
 */
import { EMAIL_TEMPLATE_KEYS, type EmailTemplateKey } from '@shared/email-templates.js';

import { button, layout, type EmailTemplate } from './template-parts.js';
import { BILLING_TEMPLATES } from './templates-billing.js';
import { CLAIM_TEMPLATES } from './templates-claims.js';

export { EMAIL_TEMPLATE_KEYS, type EmailTemplateKey };
export type { EmailTemplate };

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
  ...CLAIM_TEMPLATES,
  ...BILLING_TEMPLATES,
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
