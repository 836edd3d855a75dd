import type { ReactNode } from 'react';
import { ArchiveIcon, ArchiveRestoreIcon, ArrowRightIcon, CircleAlertIcon, PencilIcon } from 'lucide-react';
import { Link } from 'wouter';

import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DetailList, DetailSheet, useLastShown, type DetailRow } from '../../../components/data-list';
import { SheetFooter } from '../../../components/ui/sheet';
import { cn } from '../../../lib/utils';
import { ActiveBadge } from '../../../components/data-list';
import type { FleetRecord } from './record-list';
import { SummaryTiles } from './record-summary';

const contactLinkClass =
  'text-primary rounded-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 break-all';

/** A mail link, or nothing (which the detail list shows as a dash). */
export function emailLink(email: string | null) {
  if (!email) return null;
  return (
    <a href={`mailto:${email}`} className={contactLinkClass}>
      {email}
    </a>
  );
}

/** A phone link (dialling from a phone), or nothing. */
export function phoneLink(phone: string | null) {
  if (!phone) return null;
  return (
    <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className={contactLinkClass}>
      {phone}
    </a>
  );
}

export type RecordSheetContent = {
  title: string;
  description: ReactNode;
  rows: readonly DetailRow[];
  /** More below the rows: notes, links to related records. */
  extra?: ReactNode;
};

/**
 * One company, location or facility in full, beside the list: status, its figures with a way to its open
 * claims, every field, and for those who manage it, Edit and (de)activation. It keeps showing the last
 * record while it slides out.
 */
export function RecordSheet<T extends FleetRecord>({
  shown,
  detail,
  loadError,
  claimsHref,
  content,
  onOpenChange,
  onEdit,
  onToggleActive,
}: {
  /** The record the sheet is for; the sheet is open while there is one. */
  shown: T | null;
  /** The record as last fetched (or `shown` until then). */
  detail: T | undefined;
  /** Set when the fresh copy could not be fetched; the list's row is shown meanwhile. */
  loadError: string | null;
  claimsHref: (record: T) => string;
  content: (record: T) => RecordSheetContent;
  onOpenChange: (open: boolean) => void;
  /** Absent for those who only read. */
  onEdit?: ((record: T) => void) | undefined;
  onToggleActive?: ((record: T) => void) | undefined;
}) {
  const last = useLastShown(shown);
  const record = (shown && (detail ?? shown)) || last;
  const view = record && content(record);
  const href = record && claimsHref(record);

  return (
    <DetailSheet
      open={shown !== null}
      title={view?.title}
      description={view?.description}
      className="gap-0"
      headerClassName="gap-1"
      onOpenChange={onOpenChange}
    >
      {record && view && href && (
        <div className="grid gap-6 overflow-y-auto px-4 pb-6">
          <div>
            <ActiveBadge active={record.active} />
          </div>
          {loadError && (
            <Alert variant="destructive">
              <CircleAlertIcon />
              <AlertDescription>The latest details could not be loaded: {loadError}</AlertDescription>
            </Alert>
          )}
          <section aria-label="Now" className="grid gap-2">
            <SummaryTiles summary={record.summary} name={record.name} href={href} />
            {record.summary.openClaims > 0 ? (
              <Link
                href={href}
                className={cn(
                  contactLinkClass,
                  'inline-flex items-center gap-1 justify-self-start text-sm font-medium',
                )}
              >
                View open claims
                <ArrowRightIcon aria-hidden="true" className="size-4" />
              </Link>
            ) : (
              <p className="text-muted-foreground text-sm">No open claims right now.</p>
            )}
          </section>
          <DetailList rows={view.rows} />
          {view.extra}
        </div>
      )}
      {record && (onEdit || onToggleActive) && (
        <SheetFooter className="flex-row flex-wrap border-t">
          {onEdit && (
            <Button variant="outline" onClick={() => onEdit(record)}>
              <PencilIcon aria-hidden="true" />
              Edit
            </Button>
          )}
          {onToggleActive && (
            <Button
              variant="outline"
              className={record.active ? 'text-destructive hover:text-destructive' : undefined}
              onClick={() => onToggleActive(record)}
            >
              {record.active ? <ArchiveIcon aria-hidden="true" /> : <ArchiveRestoreIcon aria-hidden="true" />}
              {record.active ? 'Deactivate' : 'Reactivate'}
            </Button>
          )}
        </SheetFooter>
      )}
    </DetailSheet>
  );
}
