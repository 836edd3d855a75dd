import { FileIcon, FileImageIcon, FileSpreadsheetIcon, FileTextIcon, PresentationIcon } from 'lucide-react';

/** An icon for a file by its content type. */
export function AttachmentFileIcon({ contentType, className }: { contentType: string; className?: string }) {
  const props = { className, 'aria-hidden': true } as const;
  if (contentType.startsWith('image/')) return <FileImageIcon {...props} />;
  if (/spreadsheet|excel|csv/.test(contentType)) return <FileSpreadsheetIcon {...props} />;
  if (/presentation|powerpoint/.test(contentType)) return <PresentationIcon {...props} />;
  if (/pdf|word|text|rtf/.test(contentType)) return <FileTextIcon {...props} />;
  return <FileIcon {...props} />;
}
