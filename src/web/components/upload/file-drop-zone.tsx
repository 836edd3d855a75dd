import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { UploadIcon } from 'lucide-react';

import { cn } from '../../lib/utils';
import { Button } from '../ui/button';

/**
 * Where files are dropped or chosen, several at once: a dashed area with a "choose files" link opening the
 * browser's file picker (a hidden, labelled input). Used by every upload panel with the shared upload queue.
 */
export function FileDropZone({
  prompt,
  hint,
  accept,
  inputLabel,
  onFiles,
  className,
  ...rest
}: {
  /** "Drag … here", followed by ", or choose files". */
  prompt: string;
  hint: ReactNode;
  accept: string;
  inputLabel: string;
  onFiles: (files: FileList) => void;
  className?: string;
  'data-testid'?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length) onFiles(event.dataTransfer.files);
  };

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid={rest['data-testid']}
      className={cn(
        'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 text-center transition-colors',
        dragging ? 'border-primary bg-primary/5' : 'border-muted-foreground/25',
        className,
      )}
    >
      <UploadIcon className="text-muted-foreground size-6" aria-hidden="true" />
      <p className="text-sm">
        {prompt}, or{' '}
        <Button variant="link" className="h-auto p-0 align-baseline" onClick={() => input.current?.click()}>
          choose files
        </Button>
      </p>
      <p className="text-muted-foreground text-xs text-balance">{hint}</p>
      <input
        ref={input}
        type="file"
        multiple
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-label={inputLabel}
        onChange={(event) => {
          if (event.target.files?.length) onFiles(event.target.files);
          event.target.value = ''; // choosing the same file again must fire change again
        }}
      />
    </div>
  );
}
