import { cn } from '../../lib/utils';

/** A placeholder; named (aria-label) it is a status, as a plain div may not carry a name (axe aria-prohibited-attr). */
function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      role={props['aria-label'] ? 'status' : undefined}
      className={cn('bg-accent animate-pulse rounded-md', className)}
      {...props}
    />
  );
}

export { Skeleton };
