import { z } from 'zod';
import { isoDate, latestToday, optionalEmail, optionalPhone, optionalText } from './fields.js';
import type { Workflow } from './workflows.js';

/**
 * A driver's report from the vehicle (issue 32): every vehicle has a report link, printed as a QR code on its window
 * tag and on a vehicle card. Opening it on a phone, without an account, shows a short form; what the driver sends
 * lands as a driver report in the triage list of the vehicle's company's managers, who open a claim from it, attach
 * it to the vehicle's open claim, or dismiss it with a reason.
 */

/** The address a driver opens: the app's page for the link (`/report/<token>`). */
export const REPORT_LINK_PATH = '/report/';

export const DRIVER_REPORT_KINDS = [
  'accident',
  'damage_found',
  'breakdown',
  'glass',
  'theft_vandalism',
] as const;
export type DriverReportKind = (typeof DRIVER_REPORT_KINDS)[number];
export const DRIVER_REPORT_KIND_LABELS: Record<DriverReportKind, string> = {
  accident: 'Accident',
  damage_found: 'Damage found',
  breakdown: 'Breakdown',
  glass: 'Glass',
  theft_vandalism: 'Theft or vandalism',
};

/** The workflow a claim opened from a report starts in: a breakdown is mechanical, the rest collision. */
export const workflowForReport = (kind: DriverReportKind): Workflow =>
  kind === 'breakdown' ? 'mechanical' : 'collision';

export const DRIVER_REPORT_STATUSES = ['new', 'claim_opened', 'attached', 'dismissed'] as const;
export type DriverReportStatus = (typeof DRIVER_REPORT_STATUSES)[number];
export const DRIVER_REPORT_STATUS_LABELS: Record<DriverReportStatus, string> = {
  new: 'New',
  claim_opened: 'Claim opened',
  attached: 'Attached to a claim',
  dismissed: 'Dismissed',
};

/** "DR-000042": what the driver's phone shows, and the triage list names the report by. */
export const formatDriverReportReference = (number: number) => `DR-${String(number).padStart(6, '0')}`;

/** Reports one vehicle's link takes in an hour, and one address sends, counted across every app process. */
export const DRIVER_REPORTS_PER_HOUR_PER_VEHICLE = 5;
export const DRIVER_REPORTS_PER_HOUR_PER_ADDRESS = 10;
/** Photos one report carries; each is resized on the phone before it is sent. */
export const DRIVER_REPORT_PHOTOS_MAX = 12;
/** A report takes its photos for this long after it was sent (a slow connection retries them one by one). */
export const DRIVER_REPORT_PHOTO_HOURS = 24;
/** The longest side of a photo as the phone sends it, in pixels, and its JPEG quality. */
export const DRIVER_PHOTO_MAX_SIDE = 2048;
export const DRIVER_PHOTO_QUALITY = 0.85;
export const DRIVER_PHOTO_ACCEPT = 'image/*';

export const REPORT_LINK_NOT_FOUND_MESSAGE =
  'This report link is not valid: check that the whole code was scanned, or call your fleet manager.';
export const REPORT_LINK_REVOKED_MESSAGE =
  'This vehicle’s report link was replaced. Scan the newest card or window tag, or call your fleet manager.';
export const DRIVER_REPORT_VEHICLE_RATE_MESSAGE =
  'This vehicle has sent many reports in the last hour. Please call your fleet manager instead.';
export const DRIVER_REPORT_ADDRESS_RATE_MESSAGE =
  'Many reports have been sent from this connection in the last hour. Please call your fleet manager instead.';
export const DRIVER_REPORT_PHOTO_WINDOW_MESSAGE =
  'This report no longer takes photos. Please send them to your fleet manager.';
export const DRIVER_REPORT_PHOTOS_FULL_MESSAGE = `A report carries at most ${DRIVER_REPORT_PHOTOS_MAX} photos`;
export const DRIVER_REPORT_PHOTO_ONLY_MESSAGE = 'A driver’s report takes photos only';
export const DRIVER_REPORT_NOT_FOUND_MESSAGE = 'Driver report not found';
export const DRIVER_REPORT_HANDLED_MESSAGE = 'This driver report was already handled';
export const REPORT_LINK_OFF_MESSAGE =
  'This vehicle’s report link is turned off, or cannot be shown again (SECRETS_KEY was not set when it was made): renew it to print a card.';
export const REPORT_LINK_TURNED_OFF_MESSAGE =
  'This vehicle’s report link is turned off. Please call your fleet manager to report damage or a breakdown.';
export const reportCardsMissingMessage = (count: number) =>
  `${count === 1 ? '1 vehicle’s report link is' : `${count} vehicles’ report links are`} turned off or cannot be shown again: renew ${count === 1 ? 'it' : 'them'} from a claim of the vehicle (Report link), then print the cards.`;
export const DRIVER_REPORT_NO_OPEN_CLAIM_MESSAGE = 'Choose an open claim of this report’s vehicle';

const location = z.number({ error: 'A location is a number' }).finite().nullable().optional();

/** What the driver sends (the photos follow, one by one). */
export const driverReportFormSchema = z
  .object({
    kind: z.enum(DRIVER_REPORT_KINDS, { error: 'Choose what happened' }),
    occurredOn: isoDate('The day it happened').refine(
      (value) => value <= latestToday(),
      'The day cannot be in the future',
    ),
    occurredTime: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'The time is HH:MM')
      .nullable()
      .optional(),
    place: optionalText(300),
    latitude: location.refine((value) => value == null || Math.abs(value) <= 90, 'Not a latitude'),
    longitude: location.refine((value) => value == null || Math.abs(value) <= 180, 'Not a longitude'),
    drivable: z.boolean({ error: 'Say whether the vehicle can be driven' }),
    injuries: z.boolean({ error: 'Say whether anyone was hurt' }),
    otherPartyName: optionalText(200),
    otherPartyPlate: optionalText(20),
    otherPartyInsurer: optionalText(200),
    otherPartyPolicy: optionalText(100),
    policeReportNumber: optionalText(100),
    witnesses: optionalText(1000),
    description: z
      .string()
      .trim()
      .min(1, 'Describe what happened')
      .max(4000, 'A description is at most 4,000 characters'),
    driverName: z.string().trim().min(1, 'Your name is required').max(200, 'At most 200 characters'),
    driverPhone: optionalPhone,
    driverEmail: optionalEmail,
  })
  .refine((form) => (form.latitude == null) === (form.longitude == null), {
    message: 'A location has both a latitude and a longitude',
    path: ['latitude'],
  });
export type DriverReportForm = z.input<typeof driverReportFormSchema>;

/** What the public form shows of the vehicle: its unit number and make and model, nothing else of the fleet's. */
export const reportLinkVehicleSchema = z.object({
  unitNumber: z.string(),
  makeModel: z.string().describe('Year, make and model, as far as known'),
  maxBytes: z.number().int().describe('The largest photo the server accepts'),
});
export type ReportLinkVehicle = z.infer<typeof reportLinkVehicleSchema>;

/** The answer to a sent report: the reference the phone shows, and the key its photos are sent with. */
export const sentDriverReportSchema = z.object({
  reference: z.string().describe('DR-000042'),
  uploadKey: z.string().describe('Sends this report’s photos to /api/report-uploads/{uploadKey}/photos'),
  photosMax: z.number().int(),
});
export type SentDriverReport = z.infer<typeof sentDriverReportSchema>;
export const sentPhotoSchema = z.object({ photos: z.number().int().describe('Photos the report now has') });

const claimRefSchema = z.object({ id: z.uuid(), claimNumber: z.string() });

/** A driver report as the triage list shows it. */
export const driverReportSchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  status: z.enum(DRIVER_REPORT_STATUSES),
  kind: z.enum(DRIVER_REPORT_KINDS),
  occurredOn: z.string(),
  occurredTime: z.string().nullable(),
  place: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  drivable: z.boolean(),
  injuries: z.boolean(),
  otherPartyName: z.string().nullable(),
  otherPartyPlate: z.string().nullable(),
  otherPartyInsurer: z.string().nullable(),
  otherPartyPolicy: z.string().nullable(),
  policeReportNumber: z.string().nullable(),
  witnesses: z.string().nullable(),
  description: z.string(),
  driverName: z.string(),
  driverPhone: z.string().nullable(),
  driverEmail: z.string().nullable(),
  vehicle: z.object({ id: z.uuid(), unitNumber: z.string(), line: z.string() }),
  companyName: z.string(),
  locationName: z.string().nullable(),
  photos: z.array(z.object({ id: z.uuid(), fileName: z.string(), hasThumbnail: z.boolean() })),
  openClaims: z
    .array(claimRefSchema)
    .describe('The vehicle’s open claims, which the report may be attached to'),
  claim: claimRefSchema.nullable().describe('The claim opened from it or it was attached to'),
  dismissReason: z.string().nullable(),
  handledBy: z.string().nullable(),
  handledAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type DriverReport = z.infer<typeof driverReportSchema>;

export const DRIVER_REPORTS_PAGE_SIZE = 20;
export const listDriverReportsQuerySchema = z.object({
  status: z.enum(['new', 'handled']).default('new'),
  page: z.coerce.number().int().min(1).default(1),
});
export type ListDriverReportsQuery = z.input<typeof listDriverReportsQuerySchema>;
export const driverReportListSchema = z.object({
  items: z.array(driverReportSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type DriverReportList = z.infer<typeof driverReportListSchema>;
export const driverReportCountSchema = z.object({ new: z.number().int() });

export const attachDriverReportSchema = z.object({
  claimId: z.uuid(DRIVER_REPORT_NO_OPEN_CLAIM_MESSAGE),
});
export const dismissDriverReportSchema = z.object({
  reason: z.string().trim().min(1, 'Say why it is dismissed').max(500, 'A reason is at most 500 characters'),
});
export const openedClaimSchema = claimRefSchema;

/** A vehicle's report link as an admin sees it: its address, to print, and when it was made. */
export const reportLinkSchema = z.object({
  active: z.boolean().describe('False once turned off: drivers cannot report until it is renewed'),
  url: z
    .url()
    .nullable()
    .describe(
      'Null when turned off, or when it cannot be shown again (no SECRETS_KEY): renew it to print it',
    ),
  createdAt: z.iso.datetime({ offset: true }),
  reports: z.number().int().describe('Reports sent through it'),
});
export type ReportLink = z.infer<typeof reportLinkSchema>;
export type DriverReportValues = z.output<typeof driverReportFormSchema>;
/** The window tag's second code, for whoever opens the tag: the address for who edits the claim, else null. */
export const tagReportLinkSchema = z.object({ url: z.url().nullable() });
export type TagReportLink = z.infer<typeof tagReportLinkSchema>;
