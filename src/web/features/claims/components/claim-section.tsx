import type { ReactNode } from 'react';
import { CircleAlertIcon } from 'lucide-react';

import {
  CollapsibleCard,
  CollapsibleCardContent,
  CollapsibleCardTitle,
} from '../../../components/collapsible-card';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CardAction, CardDescription, CardHeader } from '../../../components/ui/card';
import { useRememberedOpen } from '../../../hooks/use-remembered-open';
import { cn } from '../../../lib/utils';

/** What a section needs of its TanStack query to show loading and failure. */
type SectionQuery = {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
};

/**
 * A section of the claim page (estimates, authorizations, attachments): a card with a heading, a line of
 * description and an action. Its content waits for `query`: `loading` while it loads, the error with "Try
 * again" when it fails, then `children`. Its heading folds the content away, remembered per section.
 */
export function ClaimSection({
  id,
  title,
  description,
  action,
  query,
  loading,
  contentClassName,
  dialogs,
  children,
}: {
  /** Names the heading's id: `${id}-heading`. */
  id: string;
  title: string;
  description: ReactNode;
  action?: ReactNode;
  query: SectionQuery;
  loading: ReactNode;
  contentClassName?: string;
  /** Dialogs the section opens (they render in a portal). */
  dialogs?: ReactNode;
  /** Called once the query has its data. */
  children: () => ReactNode;
}) {
  const headingId = `${id}-heading`;
  const [open, setOpen] = useRememberedOpen(id);
  let content: ReactNode;
  if (query.isPending) {
    content = loading;
  } else if (query.isError) {
    content = (
      <Alert variant="destructive">
        <CircleAlertIcon />
        <AlertTitle>The {title.toLowerCase()} could not be loaded</AlertTitle>
        <AlertDescription>
          <p>{query.error?.message ?? 'Something went wrong.'}</p>
          <Button
            variant="outline"
            size="sm"
            className="mt-2"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
          >
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  } else {
    content = children();
  }
  return (
    <CollapsibleCard headingId={headingId} open={open} onOpenChange={setOpen} className="gap-4">
      <CardHeader>
        <CollapsibleCardTitle id={headingId}>{title}</CollapsibleCardTitle>
        <CardDescription>{description}</CardDescription>
        {action && <CardAction>{action}</CardAction>}
      </CardHeader>
      <CollapsibleCardContent className={cn('grid gap-4', contentClassName)}>
        {content}
      </CollapsibleCardContent>
      {dialogs}
    </CollapsibleCard>
  );
}
