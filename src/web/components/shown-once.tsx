import type { ReactNode } from 'react';

import { Alert, AlertDescription, AlertTitle } from './ui/alert';
import { Button } from './ui/button';
import { DialogFooter } from './ui/dialog';

/**
 * What a dialog made and shows this once (a new API token, a webhook's signing secret, a set-password link to pass
 * on): why it matters in an alert, the values to copy, and Done.
 */
export function ShownOnce({
  icon,
  title,
  children,
  onDone,
}: {
  icon: ReactNode;
  title: string;
  /** The alert's text, then the values (CopyField), as `[text, values]`. */
  children: [ReactNode, ReactNode];
  onDone: () => void;
}) {
  const [text, values] = children;
  return (
    <div className="grid gap-5">
      <Alert>
        {icon}
        <AlertTitle>{title}</AlertTitle>
        <AlertDescription>
          <p>{text}</p>
        </AlertDescription>
      </Alert>
      {values}
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </DialogFooter>
    </div>
  );
}
