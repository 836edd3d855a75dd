import fsp from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import {
  ATTACHMENT_TYPES,
  attachmentPreview,
  fileExtension,
  isAttachmentContentType,
  UNSUPPORTED_TYPE_MESSAGE,
  withArticle,
  type AttachmentContentType,
} from '@shared/attachments.js';
import { AppError } from '@shared/errors.js';

const THUMBNAIL_PX = 320;
/** Bytes read to decide whether a file without magic bytes is text. */
const TEXT_SAMPLE_BYTES = 64 * 1024;
/** Old Office files share one container format (CFB); the name says which application made them. */
const CFB_TYPES: Record<string, AttachmentContentType> = {
  '.doc': 'application/msword',
  '.xls': 'application/vnd.ms-excel',
  '.ppt': 'application/vnd.ms-powerpoint',
};

/** True when the sample is UTF-8 with no control characters other than tab, line breaks, form feed, escape. */
function looksLikeText(sample: Buffer): boolean {
  if (sample.length === 0) return false;
  for (const byte of sample) {
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20 && byte !== 0x1b) || byte === 0x7f) return false;
  }
  // A multi-byte character may be cut at the end of the sample; drop up to three trailing bytes of it.
  let end = sample.length;
  while (end > 0 && sample.length - end < 3 && (sample[end - 1]! & 0xc0) === 0x80) end--;
  if (end > 0 && sample[end - 1]! >= 0xc0) end--;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}

async function readSample(filePath: string): Promise<Buffer> {
  const handle = await fsp.open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(TEXT_SAMPLE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, TEXT_SAMPLE_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** What the bytes are, among the accepted types; null when they are none of them. */
async function detectContentType(filePath: string, extension: string): Promise<AttachmentContentType | null> {
  const detected = await fileTypeFromFile(filePath);
  if (detected) {
    if (detected.mime === 'application/x-cfb') return CFB_TYPES[extension] ?? null;
    return isAttachmentContentType(detected.mime) ? detected.mime : null;
  }
  // Text has no magic bytes: it is text when it reads as UTF-8 without control characters.
  if (!looksLikeText(await readSample(filePath))) return null;
  return extension === '.csv' ? 'text/csv' : 'text/plain';
}

const isImage = (type: string) => type.startsWith('image/');

/**
 * Finds the file's type in its bytes and checks that its name does not claim another one (a PDF named
 * `photo.jpg`, a text file named `page.html`), so what people download is what its name says. A name
 * without an extension gets the type's own.
 */
export async function inspectUpload(
  filePath: string,
  fileName: string,
): Promise<{ contentType: AttachmentContentType; fileName: string }> {
  const extension = fileExtension(fileName);
  const contentType = await detectContentType(filePath, extension);
  if (!contentType) throw new AppError('unsupported_media_type', UNSUPPORTED_TYPE_MESSAGE);
  const type = ATTACHMENT_TYPES[contentType];
  if (!extension) return { contentType, fileName: `${fileName}${type.extensions[0]}` };
  const nameType = Object.entries(ATTACHMENT_TYPES).find(([, known]) =>
    (known.extensions as readonly string[]).includes(extension),
  )?.[0];
  // Pictures are often saved under another picture format's extension; browsers show them all the same.
  const agrees =
    (type.extensions as readonly string[]).includes(extension) ||
    (nameType !== undefined && isImage(nameType) && isImage(contentType));
  if (!agrees) {
    throw new AppError(
      'unsupported_media_type',
      `This file’s content is ${withArticle(type.label)}, but its name ends in ${extension}. Rename it to end in ${type.extensions[0]} and upload it again.`,
    );
  }
  return { contentType, fileName };
}

export interface Thumbnail {
  data: Buffer;
  /** The full image's size, upright (after its EXIF orientation). */
  width: number;
  height: number;
}

/**
 * A 320 px WebP of an image the browser can show, turned upright by its EXIF orientation. An image whose
 * bytes start right but cannot be decoded is refused. HEIC and other files get no thumbnail (null).
 */
export async function makeThumbnail(
  filePath: string,
  contentType: AttachmentContentType,
): Promise<Thumbnail | null> {
  if (attachmentPreview(contentType) !== 'image') return null;
  try {
    const image = sharp(filePath, { failOn: 'error' });
    const metadata = await image.metadata();
    const data = await image
      .autoOrient()
      .resize(THUMBNAIL_PX, THUMBNAIL_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return { data, width: metadata.autoOrient.width, height: metadata.autoOrient.height };
  } catch {
    throw new AppError(
      'unsupported_media_type',
      `This ${ATTACHMENT_TYPES[contentType].label} could not be read: it may be damaged. Save it again and upload the new copy.`,
    );
  }
}
