import type { ReactNode } from 'react';

/** A centred full-page message with an action: not-found, load failures, crashes. */
export function PageMessage({
  icon,
  title,
  children,
  action,
}: {
  icon?: ReactNode;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <main className="flex min-h-svh items-center justify-center p-6">
      <div className="flex max-w-md flex-col items-center gap-4 text-center">
        {icon && (
          <div className="bg-muted text-muted-foreground flex size-12 items-center justify-center rounded-full [&_svg]:size-6">
            {icon}
          </div>
        )}
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <div className="text-muted-foreground">{children}</div>
        {action}
      </div>
    </main>
  );
}
