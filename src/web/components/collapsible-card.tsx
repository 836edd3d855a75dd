import type { ComponentProps, ReactNode } from 'react';
import { ChevronRightIcon } from 'lucide-react';

import { cn } from '../lib/utils';
import { Card, CardContent, CardTitle } from './ui/card';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from './ui/collapsible';

/**
 * A card whose content folds away under its heading (a page's long sections): a region named by its heading,
 * whose heading is the disclosure button (Enter or Space toggles it; `aria-expanded` says which). Controlled,
 * so a section can reopen itself (to edit) and remember the choice (`useRememberedOpen`).
 */
export function CollapsibleCard({
  headingId,
  open,
  onOpenChange,
  className,
  children,
}: {
  headingId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Collapsible open={open} onOpenChange={onOpenChange} asChild>
      <Card role="region" aria-labelledby={headingId} className={className}>
        {children}
      </Card>
    </Collapsible>
  );
}

/** The card's `h2`, holding the button that folds and unfolds the content. */
export function CollapsibleCardTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <CardTitle>
      <h2 id={id}>
        <CollapsibleTrigger className="group/fold hover:text-foreground/80 focus-visible:ring-ring/50 -mx-1 inline-flex items-center gap-1.5 rounded-sm px-1 text-left outline-none focus-visible:ring-[3px]">
          <ChevronRightIcon
            aria-hidden="true"
            className="text-muted-foreground size-4 shrink-0 transition-transform group-data-[state=open]/fold:rotate-90 motion-reduce:transition-none"
          />
          {children}
        </CollapsibleTrigger>
      </h2>
    </CardTitle>
  );
}

/** The card's content, hidden while folded. */
export function CollapsibleCardContent({ className, ...props }: ComponentProps<typeof CardContent>) {
  return (
    <CollapsibleContent asChild>
      <CardContent className={cn(className)} {...props} />
    </CollapsibleContent>
  );
}
