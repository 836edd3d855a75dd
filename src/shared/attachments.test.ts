import { describe, expect, it } from 'vitest';
import {
  ATTACHMENT_ACCEPT,
  fileExtension,
  fileTooLargeMessage,
  formatFileSize,
  inferAttachmentKind,
} from './attachments.js';

describe('attachment rules', () => {
  it.each([
    ['IMG_0042.JPG', 'image/jpeg', 'photo'],
    ['Invoice 2026-118.pdf', 'application/pdf', 'invoice'],
    ['INV-1042.pdf', 'application/pdf', 'invoice'],
    ['receipt.png', 'image/png', 'invoice'],
    ['CCC estimate.pdf', 'application/pdf', 'estimate'],
    ['est_2.pdf', 'application/pdf', 'estimate'],
    ['Supplement 1.pdf', 'application/pdf', 'estimate'],
    ['best-photo.jpg', 'image/jpeg', 'photo'],
    ['police report.pdf', 'application/pdf', 'document'],
    ['bills.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'document'],
  ])('infers %s (%s) as %s', (name, type, kind) => {
    expect(inferAttachmentKind(name, type)).toBe(kind);
  });

  it('formats sizes and the limit message as people read them', () => {
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(820)).toBe('820 bytes');
    expect(formatFileSize(14_000)).toBe('14 KB');
    expect(formatFileSize(2.44 * 1024 * 1024)).toBe('2.4 MB');
    expect(fileTooLargeMessage(25 * 1024 * 1024)).toBe('This file is larger than the 25 MB limit');
  });

  it('reads extensions and offers them to the file picker', () => {
    expect(fileExtension('Front.Bumper.JPEG')).toBe('.jpeg');
    expect(fileExtension('README')).toBe('');
    expect(ATTACHMENT_ACCEPT.split(',')).toEqual(expect.arrayContaining(['.heic', '.pdf', 'image/png']));
  });
});
