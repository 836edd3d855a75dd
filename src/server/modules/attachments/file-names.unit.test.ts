import { describe, expect, it } from 'vitest';
import { cleanFileName, contentDisposition } from './file-names.js';

describe('file names', () => {
  it('keeps the last path segment without control or direction-changing characters', () => {
    expect(cleanFileName('C:\\fakepath\\Front bumper.JPG')).toBe('Front bumper.JPG');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanFileName('a\r\nb\t.pdf')).toBe('a b .pdf');
    expect(cleanFileName('')).toBe('file');
    expect(cleanFileName('..')).toBe('file');
  });

  it('shortens a long name to 200 characters and keeps its extension', () => {
    const name = cleanFileName(`${'x'.repeat(300)}.pdf`);
    expect(name).toHaveLength(200);
    expect(name.endsWith('x.pdf')).toBe(true);
  });

  it('sends the exact name in filename* (RFC 5987) and an ASCII stand-in in filename', () => {
    expect(contentDisposition('attachment', 'Schätzung "Nr. 5" (final)*.pdf')).toBe(
      `attachment; filename="Sch_tzung _Nr. 5_ (final)*.pdf"; filename*=UTF-8''Sch%C3%A4tzung%20%22Nr.%205%22%20%28final%29%2A.pdf`,
    );
    expect(contentDisposition('inline', 'photo.jpg')).toBe(
      `inline; filename="photo.jpg"; filename*=UTF-8''photo.jpg`,
    );
  });
});
