import { z } from 'zod';
import { personSchema } from './claims.js';
import { ERROR_STATUS } from './errors.js';

/** What a file on a claim is (PRODUCT.md §2): inferred from its name and content, changeable. */
export const ATTACHMENT_KINDS = ['photo', 'estimate', 'invoice', 'document'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

export const ATTACHMENT_KIND_LABELS: Record<AttachmentKind, string> = {
  photo: 'Photo',
  estimate: 'Estimate',
  invoice: 'Invoice',
  document: 'Document',
};

/** How the browser may show a file: an image it can draw, a PDF it can open, or only a download. */
type Preview = 'image' | 'pdf' | 'none';

/**
 * The file types a claim accepts, keyed by the content type the server finds in the bytes (never the
 * name or the type the browser claims). Extensions only feed the file picker and the browser's pre-check.
 */
export const ATTACHMENT_TYPES = {
  'image/jpeg': { label: 'JPEG image', extensions: ['.jpg', '.jpeg', '.jpe', '.jfif'], preview: 'image' },
  'image/png': { label: 'PNG image', extensions: ['.png'], preview: 'image' },
  'image/webp': { label: 'WebP image', extensions: ['.webp'], preview: 'image' },
  'image/gif': { label: 'GIF image', extensions: ['.gif'], preview: 'image' },
  'image/avif': { label: 'AVIF image', extensions: ['.avif'], preview: 'image' },
  // iPhone photos. Most browsers cannot draw HEIC and the server has no HEVC decoder, so they are kept
  // and downloaded as they are, without a thumbnail.
  'image/heic': { label: 'HEIC photo', extensions: ['.heic'], preview: 'none' },
  'image/heif': { label: 'HEIF photo', extensions: ['.heif'], preview: 'none' },
  'application/pdf': { label: 'PDF', extensions: ['.pdf'], preview: 'pdf' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    label: 'Word document',
    extensions: ['.docx'],
    preview: 'none',
  },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
    label: 'Excel workbook',
    extensions: ['.xlsx'],
    preview: 'none',
  },
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': {
    label: 'PowerPoint presentation',
    extensions: ['.pptx'],
    preview: 'none',
  },
  'application/msword': { label: 'Word 97–2003 document', extensions: ['.doc'], preview: 'none' },
  'application/vnd.ms-excel': { label: 'Excel 97–2003 workbook', extensions: ['.xls'], preview: 'none' },
  'application/vnd.ms-powerpoint': {
    label: 'PowerPoint 97–2003 presentation',
    extensions: ['.ppt'],
    preview: 'none',
  },
  'application/vnd.oasis.opendocument.text': {
    label: 'OpenDocument text',
    extensions: ['.odt'],
    preview: 'none',
  },
  'application/vnd.oasis.opendocument.spreadsheet': {
    label: 'OpenDocument spreadsheet',
    extensions: ['.ods'],
    preview: 'none',
  },
  'application/rtf': { label: 'Rich Text document', extensions: ['.rtf'], preview: 'none' },
  'text/csv': { label: 'CSV file', extensions: ['.csv'], preview: 'none' },
  'text/plain': { label: 'text file', extensions: ['.txt', '.log'], preview: 'none' },
} as const satisfies Record<string, { label: string; extensions: readonly string[]; preview: Preview }>;

export type AttachmentContentType = keyof typeof ATTACHMENT_TYPES;
export const ATTACHMENT_CONTENT_TYPES = Object.keys(ATTACHMENT_TYPES) as AttachmentContentType[];

/** "a PDF", "an Excel workbook". */
export function withArticle(label: string): string {
  return `${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label}`;
}

export function isAttachmentContentType(value: string): value is AttachmentContentType {
  return Object.hasOwn(ATTACHMENT_TYPES, value);
}

export function attachmentPreview(contentType: string): Preview {
  return isAttachmentContentType(contentType) ? ATTACHMENT_TYPES[contentType].preview : 'none';
}

/** For the file picker's `accept`: every extension and content type above. */
export const ATTACHMENT_ACCEPT = [
  ...new Set(ATTACHMENT_CONTENT_TYPES.flatMap((type) => [...ATTACHMENT_TYPES[type].extensions, type])),
].join(',');

export const UNSUPPORTED_TYPE_MESSAGE =
  'This type of file is not accepted. Upload photos (JPEG, PNG, WebP, GIF, HEIC), PDFs, Office or OpenDocument files, or text and CSV files.';

/** A size as people read it: "820 bytes", "14 KB", "2.4 MB", "25 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`;
  const megabytes = bytes / (1024 * 1024);
  return `${Number.isInteger(megabytes) ? megabytes : megabytes.toFixed(1)} MB`;
}

export function fileTooLargeMessage(maxBytes: number): string {
  return `This file is larger than the ${formatFileSize(maxBytes)} limit`;
}

/** The extension of a file name, lower-cased with its dot (".jpg"), or "". */
export function fileExtension(fileName: string): string {
  const match = /\.[^./\\]+$/.exec(fileName);
  return match ? match[0].toLowerCase() : '';
}

/** A claim keeps at most this many files, so its list is always answered whole. */
export const ATTACHMENTS_PER_CLAIM_MAX = 500;

/**
 * The kind a new file most likely is: its name says estimate or invoice, else a picture is a photo, else a
 * document. People can change it before or after uploading.
 */
export function inferAttachmentKind(fileName: string, contentType: string): AttachmentKind {
  const name = fileName.toLowerCase();
  // Short words count only on their own ("est_2.pdf", "INV-1042.pdf"), not inside others ("best", "bills").
  const word = (text: string) => new RegExp(`(^|[^a-z])${text}([^a-z]|$)`).test(name);
  if (name.includes('invoice') || name.includes('receipt') || word('inv') || word('bill')) return 'invoice';
  if (name.includes('estimate') || name.includes('supplement') || word('est') || word('quote'))
    return 'estimate';
  if (contentType.startsWith('image/')) return 'photo';
  return 'document';
}

export const attachmentSchema = z.object({
  id: z.uuid(),
  claimId: z.uuid(),
  kind: z.enum(ATTACHMENT_KINDS),
  fileName: z.string().describe('The name the file had when it was uploaded'),
  contentType: z.string().describe('Found in the file’s bytes, not taken from its name'),
  sizeBytes: z.number().int(),
  width: z.number().int().nullable().describe('Pixels, upright, for images'),
  height: z.number().int().nullable(),
  sha256: z.string().describe('Hex digest of the stored bytes'),
  uploadedBy: personSchema,
  impersonator: personSchema.describe('The admin who uploaded it while impersonating the uploader'),
  via: z
    .string()
    .nullable()
    .describe(
      '"Shop: <facility> via link" when a repair shop uploaded it through its shop link (no uploader then)',
    ),
  createdAt: z.iso.datetime({ offset: true }),
  fileUrl: z.string().describe('The file itself; add ?download=1 to save it rather than open it'),
  thumbnailUrl: z.string().nullable().describe('A 320 px WebP for images the server can read'),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const attachmentListSchema = z.object({
  items: z.array(attachmentSchema).describe('Newest first'),
  maxBytes: z.number().int().describe('The largest file the server accepts'),
});
export type AttachmentList = z.infer<typeof attachmentListSchema>;

/** The form fields sent with a file (`POST /api/vehicles/{id}/attachments`, multipart). */
export const uploadAttachmentFieldsSchema = z.object({
  kind: z.enum(ATTACHMENT_KINDS, { message: 'Kind must be photo, estimate, invoice or document' }).optional(),
});

export const updateAttachmentSchema = z.object({
  kind: z.enum(ATTACHMENT_KINDS, { message: 'Kind must be photo, estimate, invoice or document' }),
});
export type UpdateAttachmentRequest = z.infer<typeof updateAttachmentSchema>;

const ACCEPTED_EXTENSIONS = new Set(ATTACHMENT_ACCEPT.split(',').filter((entry) => entry.startsWith('.')));

/** What a browser can tell of a file before sending it (its name and size); the server checks the content. */
export function uploadProblem(file: { name: string; size: number }, maxBytes: number): string | null {
  const extension = fileExtension(file.name);
  if (extension && !ACCEPTED_EXTENSIONS.has(extension)) return UNSUPPORTED_TYPE_MESSAGE;
  if (file.size > maxBytes) return fileTooLargeMessage(maxBytes);
  if (file.size === 0) return 'The file is empty';
  return null;
}

/** The server's answers about a file itself (too large, not a type it takes): the same bytes would get them again. */
export const REFUSED_UPLOAD_STATUSES: ReadonlySet<number> = new Set([
  ERROR_STATUS.payload_too_large,
  ERROR_STATUS.unsupported_media_type,
]);
