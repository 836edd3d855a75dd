import type { ReactNode } from 'react';

import { useDocumentTitle } from '../../hooks/use-document-title';
import { cn } from '../../lib/utils';

/**
 * A screen's frame inside the layout: its title (also the browser tab's), an optional description and
 * actions, then the content. The layout already provides `<main>`, so screens do not add another.
 */
export function Page({
  title,
  description,
  actions,
  className,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className={cn('mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8', className)}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          {description && <p className="text-muted-foreground mt-1">{description}</p>}
        </div>
        {actions}
      </div>
      <div className="mt-6">{children}</div>
    </div>
  );
}
