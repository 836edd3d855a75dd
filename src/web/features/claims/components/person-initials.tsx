import { cn } from '../../../lib/utils';

/** "Maria Manager" → "MM"; a round badge for people the claim page knows by name only. */
export function PersonInitials({ name, className }: { name: string; className?: string }) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
  return (
    <span
      aria-hidden="true"
      className={cn(
        'bg-primary/10 text-primary flex size-8 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
        className,
      )}
    >
      {initials || '?'}
    </span>
  );
}
