import type { EmailTemplateKey } from '@shared/email-templates.js';
import { layout, type EmailTemplate } from './template-parts.js';

/** The mails about money: invoices, reminders and statements. */
export const BILLING_TEMPLATES: Pick<
  Record<EmailTemplateKey, EmailTemplate>,
  'invoice_sent' | 'invoice_reminder' | 'account_statement'
> = {
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
};
