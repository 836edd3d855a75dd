import { fileExtension } from '@shared/attachments.js';

const MAX_NAME_LENGTH = 200;
/** Control characters, and the bidirectional marks that make `invoice‮fdp.exe` read as `invoiceexe.pdf`. */
function isUnsafe(character: string): boolean {
  const code = character.codePointAt(0)!;
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

/**
 * The name to keep for an uploaded file: its last path segment (some browsers send a full path), without
 * control or direction-changing characters, at most 200 characters with its extension kept.
 */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const name = [...base.replace(/\s+/g, ' ')]
    .filter((character) => !isUnsafe(character))
    .join('')
    .trim();
  if (!name || /^\.+$/.test(name)) return 'file';
  if (name.length <= MAX_NAME_LENGTH) return name;
  const extension = fileExtension(name).slice(0, 20);
  return `${name.slice(0, MAX_NAME_LENGTH - extension.length).trimEnd()}${extension}`;
}

/** RFC 5987 attr-chars are left as they are; everything else is percent-encoded as UTF-8. */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * A Content-Disposition header (RFC 6266) that keeps the original name: `filename*` carries it exactly
 * (RFC 5987), `filename` an ASCII stand-in for clients that do not read `filename*`.
 */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(fileName)}`;
}
