import { describe, expect, it } from 'vitest';
import { claimPackFileName, claimPackPaths } from './claim-pack.js';

describe('claim pack names', () => {
  const at = (iso: string) => new Date(iso);

  it('files each upload under its kind, numbered from 01 in upload order, with its day in the company’s zone', () => {
    expect(
      claimPackPaths('CLM-00042', 'America/Chicago', [
        { kind: 'photo', fileName: 'front bumper.jpg', createdAt: at('2026-11-20T15:00:00Z') },
        { kind: 'estimate', fileName: 'CCC estimate.pdf', createdAt: at('2026-11-21T16:00:00Z') },
        // 03:30 UTC is still the evening before in Chicago.
        { kind: 'photo', fileName: 'front bumper.jpg', createdAt: at('2026-11-22T03:30:00Z') },
      ]),
    ).toEqual([
      'CLM-00042/photos/01 2026-11-20 front bumper.jpg',
      'CLM-00042/estimates/01 2026-11-21 CCC estimate.pdf',
      'CLM-00042/photos/02 2026-11-21 front bumper.jpg',
    ]);
  });

  it('pads the numbers to the widest of their folder', () => {
    const photos = Array.from({ length: 120 }, (_, index) => ({
      kind: 'photo' as const,
      fileName: `IMG_${index}.jpg`,
      createdAt: at('2026-11-20T12:00:00Z'),
    }));
    const paths = claimPackPaths('CLM-00007', 'UTC', [
      ...photos,
      { kind: 'document', fileName: 'police report.pdf', createdAt: at('2026-11-20T12:00:00Z') },
    ]);
    expect(paths[0]).toBe('CLM-00007/photos/001 2026-11-20 IMG_0.jpg');
    expect(paths[119]).toBe('CLM-00007/photos/120 2026-11-20 IMG_119.jpg');
    expect(paths[120]).toBe('CLM-00007/documents/01 2026-11-20 police report.pdf');
    expect(claimPackFileName('CLM-00007')).toBe('CLM-00007 claim pack.zip');
  });
});
