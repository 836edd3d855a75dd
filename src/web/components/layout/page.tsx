import type { ReactNode } from 'react';
import { ArrowLeftIcon } from 'lucide-react';
import { Link } from 'wouter';

import { useDocumentTitle } from '../../hooks/use-document-title';
import { cn } from '../../lib/utils';

/**
 * A screen's frame inside the layout: its title (also the browser tab's), an optional description and
 * actions, then the content. A screen below another one (an editor below its list) gets a link back above
 * the title. The layout already provides `<main>`, so screens do not add another.
 */
export function Page({
  title,
  description,
  actions,
  back,
  className,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  back?: { href: string; label: string };
  className?: string;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className={cn('mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8', className)}>
      {back && (
        <Link
          href={back.href}
          className="text-muted-foreground hover:text-foreground focus-visible:ring-ring/50 mb-3 inline-flex items-center gap-1.5 rounded-sm text-sm font-medium outline-none focus-visible:ring-[3px] [&_svg]:size-4"
        >
          <ArrowLeftIcon aria-hidden="true" />
          {back.label}
        </Link>
      )}
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
