import { describe, expect, it } from 'vitest';
import { etaSlips, shopMovesFor, shopUploadKind } from './shop-links.js';

describe('a shop’s moves', () => {
  it('are the workflow’s moves to a shop’s status: received, parts, repair, ready', () => {
    const collision = (status: Parameters<typeof shopMovesFor>[0]['status']) =>
      shopMovesFor({ workflow: 'collision', status, statusBeforeHold: null });
    expect(collision('reported')).toEqual(['estimate_pending']);
    expect(collision('estimate_review')).toEqual([]);
    expect(collision('approved')).toEqual(['parts_ordered']);
    expect(collision('parts_ordered')).toEqual(['in_repair']);
    expect(collision('quality_check')).toEqual(['ready_for_pickup']);
    expect(shopMovesFor({ workflow: 'mechanical', status: 'reported', statusBeforeHold: null })).toEqual([
      'diagnosis',
    ]);
  });

  it('leave to the fleet a claim on hold, a supplement in review and a declined authorization', () => {
    expect(shopMovesFor({ workflow: 'collision', status: 'on_hold', statusBeforeHold: 'in_repair' })).toEqual(
      [],
    );
    expect(
      shopMovesFor({ workflow: 'collision', status: 'supplement_review', statusBeforeHold: null }),
    ).toEqual([]);
    expect(shopMovesFor({ workflow: 'mechanical', status: 'declined', statusBeforeHold: null })).toEqual([]);
  });
});

describe('a shop’s ETA and files', () => {
  it('slips when later than the one given', () => {
    expect(etaSlips(null, '2026-12-05')).toBe(false);
    expect(etaSlips('2026-12-05', '2026-12-04')).toBe(false);
    expect(etaSlips('2026-12-05', '2026-12-06')).toBe(true);
  });

  it('keeps a photo as a photo and a PDF as an estimate, and nothing else', () => {
    expect(shopUploadKind('image/heic')).toBe('photo');
    expect(shopUploadKind('application/pdf')).toBe('estimate');
    expect(shopUploadKind('text/plain')).toBeNull();
  });
});
