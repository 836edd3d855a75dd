import type { EmailTemplateKey } from '@shared/email-templates.js';
import { button, layout, type EmailTemplate } from './template-parts.js';

/** The mails about claims: mentions, moves, authorizations and the bell's notifications. */
export const CLAIM_TEMPLATES: Pick<
  Record<EmailTemplateKey, EmailTemplate>,
  | 'mention'
  | 'claim_status_changed'
  | 'authorization_requested'
  | 'notification'
  | 'notification_digest'
  | 'claim_pack'
  | 'shop_link'
  | 'driver_report_claim'
> = {
  shop_link: {
    name: 'Shop link for the repair facility',
    description:
      'Sent to a claim’s repair facility when a manager sends it a shop link: the shop updates the claim through it without an account.',
    sample: {
      companyName: 'Metro Delivery Co.',
      facilityName: 'Eastside Collision',
      claimNumber: 'CLM-000123',
      vehicle: '2022 Ford Transit · Unit 4821',
      sentBy: 'Sam Manager',
      shopUrl: 'https://claims.example.com/shop/sample-token',
    },
    subject: 'Update claim {{claimNumber}} for {{companyName}}',
    html: layout(
      `<p>{{sentBy}} of {{companyName}} asks {{facilityName}} to keep claim <strong>{{claimNumber}}</strong> ({{vehicle}}) up to date through this link: set the ETA, move the repair along, add photos or the estimate, and leave a note. No account is needed.</p>${button('{{shopUrl}}', 'Open the claim')}<p>The link works until a few days after the claim is completed. Keep it to your shop: anyone with it can update this claim.</p>`,
    ),
    text: '{{sentBy}} of {{companyName}} asks {{facilityName}} to keep claim {{claimNumber}} ({{vehicle}}) up to date through this link: set the ETA, move the repair along, add photos or the estimate, and leave a note. No account is needed.\n\n{{shopUrl}}\n\nThe link works until a few days after the claim is completed. Keep it to your shop: anyone with it can update this claim.',
    placeholders: {
      companyName: 'The fleet company',
      facilityName: 'The repair facility',
      claimNumber: 'e.g. CLM-000123',
      vehicle: 'Vehicle and unit number',
      sentBy: 'Who sent it',
      shopUrl: 'The shop link (no account needed)',
    },
  },
  driver_report_claim: {
    name: 'Claim opened from a driver’s report',
    description:
      'Sent to the driver who left an e-mail address on a report from the vehicle, when a manager opens a claim from it or attaches it to a claim.',
    sample: {
      companyName: 'Metro Delivery Co.',
      reference: 'DR-000042',
      claimNumber: 'CLM-000123',
      vehicle: '2022 Ford Transit · Unit 4821',
    },
    subject: 'Your report {{reference}} is claim {{claimNumber}}',
    html: layout(
      `<p>Thank you for your report <strong>{{reference}}</strong> on {{vehicle}}. {{companyName}} handles it as claim <strong>{{claimNumber}}</strong>: give this number if anyone asks about it.</p>`,
    ),
    text: 'Thank you for your report {{reference}} on {{vehicle}}. {{companyName}} handles it as claim {{claimNumber}}: give this number if anyone asks about it.',
    placeholders: {
      companyName: 'The fleet company',
      reference: 'The report’s reference, e.g. DR-000042',
      claimNumber: 'e.g. CLM-000123',
      vehicle: 'Vehicle and unit number',
    },
  },
  claim_pack: {
    name: 'Claim pack for the insurer',
    description:
      'Sent to an insurer’s adjuster when a manager sends a claim’s pack: a link to download it, not an attachment.',
    sample: {
      companyName: 'Metro Delivery Co.',
      claimNumber: 'CLM-000123',
      vehicle: '2022 Ford Transit · Unit 4821',
      insurerClaimNumber: 'HM-90114',
      sentBy: 'Sam Manager',
      packUrl: 'https://claims.example.com/claim-packs/sample-token',
      expiresOn: 'December 29, 2026',
    },
    subject: 'Claim pack for {{claimNumber}} from {{companyName}}',
    html: layout(
      `<p>{{sentBy}} of {{companyName}} sent you the claim pack for claim <strong>{{claimNumber}}</strong> ({{vehicle}}; your claim number {{insurerClaimNumber}}): the claim report as a PDF and every photo and document, in one ZIP.</p>${button('{{packUrl}}', 'Download the claim pack')}<p>The link works until {{expiresOn}}.</p>`,
    ),
    text: '{{sentBy}} of {{companyName}} sent you the claim pack for claim {{claimNumber}} ({{vehicle}}; your claim number {{insurerClaimNumber}}): the claim report as a PDF and every photo and document, in one ZIP.\n\nDownload it (the link works until {{expiresOn}}):\n{{packUrl}}',
    placeholders: {
      companyName: 'The fleet company',
      claimNumber: 'e.g. CLM-000123',
      vehicle: 'Vehicle and unit number',
      insurerClaimNumber: 'The insurer’s own claim number, or “not given”',
      sentBy: 'Who sent it',
      packUrl: 'The download link (no account needed)',
      expiresOn: 'The last day the link works',
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
};
