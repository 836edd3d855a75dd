import type { ReactNode } from 'react';
import { CircleAlertIcon } from 'lucide-react';

import { cn } from '../../lib/utils';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert';
import { Button } from '../ui/button';

/** The list could not be loaded: what the server said, and a way to try again. */
export function ListLoadError({
  title,
  message,
  retrying,
  onRetry,
  className = 'p-4',
}: {
  title: string;
  message: string;
  retrying: boolean;
  /** Without it, no Try again (a refusal that trying again cannot change). */
  onRetry?: () => void;
  /** Space around the alert: inside a list's card, by default. */
  className?: string;
}) {
  return (
    <div className={className}>
      <Alert variant="destructive">
        <CircleAlertIcon />
        <AlertTitle>{title}</AlertTitle>
        <AlertDescription>
          <p>{message}</p>
          {onRetry && (
            <Button variant="outline" size="sm" className="mt-2" onClick={onRetry} disabled={retrying}>
              Try again
            </Button>
          )}
        </AlertDescription>
      </Alert>
    </div>
  );
}

/** Nothing to show: none at all, none matching the filters, or none on a page past the end. */
export function ListEmpty({
  icon,
  title,
  children,
  action,
  className,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  /** Tighter spacing, as in a popover. */
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col items-center gap-3 px-6 py-14 text-center', className)}>
      <div
        aria-hidden="true"
        className="bg-muted text-muted-foreground flex size-11 items-center justify-center rounded-full [&_svg]:size-5"
      >
        {icon}
      </div>
      <p className="font-medium text-balance">{title}</p>
      {children && <p className="text-muted-foreground max-w-sm text-sm text-balance">{children}</p>}
      {action}
    </div>
  );
}
