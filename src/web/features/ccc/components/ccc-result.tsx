import { Link } from 'wouter';
import { CCC_IMPORT_RESULT_LABELS, type CccImport, type CccImportResult } from '@shared/ccc';

import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/utils';

const RESULT_CLASSES: Record<CccImportResult, string> = {
  imported: 'border-emerald-600/40 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  supplement:
    'border-emerald-600/40 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  duplicate: 'text-muted-foreground',
  held: 'border-amber-600/50 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
  unmatched: 'border-amber-600/50 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
  rejected: 'border-destructive/50 bg-destructive/10 text-destructive',
};

/** Imported, Supplement, Duplicate, Held for review, Unmatched or Rejected. */
export function CccResultBadge({ result }: { result: CccImportResult }) {
  return (
    <Badge variant="outline" className={cn('font-medium', RESULT_CLASSES[result])}>
      {CCC_IMPORT_RESULT_LABELS[result]}
    </Badge>
  );
}

/** A file that did not land on a claim can be assigned by hand or tried again (`@shared/ccc.policy`). */
export { cccImportCanLand } from '@shared/ccc.policy';

/** The claim a file landed on, as a link to its page. */
export function CccClaimLink({ item }: { item: CccImport }) {
  if (!item.claim) return null;
  return (
    <Link
      href={`/vehicles/${item.claim.id}`}
      className="text-primary font-medium underline-offset-4 hover:underline"
    >
      {item.claim.number}
    </Link>
  );
}
