import { TruckIcon } from 'lucide-react';

import { cn } from '../lib/utils';

/** The product mark and name, as in the favicon. `compact` shows the mark only (the name stays for screen readers). */
export function BrandLogo({
  className,
  inverted = false,
  compact = false,
}: {
  className?: string;
  inverted?: boolean;
  compact?: boolean;
}) {
  return (
    <span className={cn('inline-flex items-center gap-2.5 text-lg font-semibold tracking-tight', className)}>
      <span
        aria-hidden="true"
        className={cn(
          'flex size-9 shrink-0 items-center justify-center rounded-lg',
          inverted ? 'bg-brand-foreground text-brand' : 'bg-brand text-brand-foreground',
        )}
      >
        <TruckIcon className="size-5" />
      </span>
      <span className={cn(compact && 'sr-only')}>FleetClaims</span>
    </span>
  );
}
