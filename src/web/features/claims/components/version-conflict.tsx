import { Loader2Icon, TriangleAlertIcon } from 'lucide-react';
import type { Claim, UpdateClaimValues } from '@shared/claims';

import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { cn } from '../../../lib/utils';
import { claimValue, FIELD_LABELS, sameValue, type SectionField } from './claim-fields';
import { displayFieldValue } from './field-display';

export type ConflictRow = {
  field: SectionField;
  yours: unknown;
  current: unknown;
  /** The user changed this field. */
  mine: boolean;
  /** Someone else changed it since the user started editing. */
  theirs: boolean;
};

/**
 * Field by field: what the user wanted to save, and what the claim holds now. Only fields that either side
 * changed are listed.
 */
export function conflictRows(
  fields: readonly SectionField[],
  base: Claim,
  latest: Claim,
  changes: Partial<UpdateClaimValues>,
): ConflictRow[] {
  return fields.flatMap((field) => {
    const mine = field in changes;
    const before = claimValue(base, field);
    const current = claimValue(latest, field);
    const theirs = !sameValue(before, current);
    if (!mine && !theirs) return [];
    const yours = mine ? changes[field as keyof UpdateClaimValues] : before;
    return [{ field, yours, current, mine, theirs }];
  });
}

/**
 * Shown after a save was refused because someone else saved the claim first: the server's message, a
 * comparison of the user's version with the current one, and the ways on.
 */
export function VersionConflict({
  message,
  rows,
  loading,
  names,
  saving,
  onReapply,
  onEditAgain,
  onDiscard,
}: {
  message: string;
  rows: readonly ConflictRow[];
  /** The latest version is still being fetched. */
  loading: boolean;
  names: Readonly<Record<string, string>>;
  saving: boolean;
  onReapply: () => void;
  onEditAgain: () => void;
  onDiscard: () => void;
}) {
  return (
    <div className="grid gap-4">
      <Alert className="border-amber-300 bg-amber-50 text-amber-900">
        <TriangleAlertIcon />
        <AlertTitle>This claim was changed by someone else</AlertTitle>
        <AlertDescription className="text-amber-900/90">
          <p>{message}</p>
          <p>Applying again saves only your changes; everything else stays as it is now.</p>
        </AlertDescription>
      </Alert>
      {loading ? (
        <p className="text-muted-foreground flex items-center gap-2 text-sm">
          <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
          Loading the latest version…
        </p>
      ) : (
        <div className="overflow-x-auto rounded-md border">
          <Table aria-label="Your changes compared with the current version">
            <TableHeader>
              <TableRow>
                <TableHead>Field</TableHead>
                <TableHead>Your version</TableHead>
                <TableHead>Current version</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.field}>
                  <TableCell className="font-medium whitespace-normal">
                    {FIELD_LABELS[row.field]}
                    {row.mine && row.theirs && (
                      <span className="block text-xs font-normal text-amber-700">Both changed</span>
                    )}
                  </TableCell>
                  <TableCell
                    className={cn('whitespace-normal', row.mine ? 'font-medium' : 'text-muted-foreground')}
                  >
                    {displayFieldValue(row.field, row.yours, names)}
                    <span className="text-muted-foreground block text-xs font-normal">
                      {row.mine ? 'your change' : 'not changed by you'}
                    </span>
                  </TableCell>
                  <TableCell className={cn('whitespace-normal', row.theirs && 'font-medium')}>
                    {displayFieldValue(row.field, row.current, names)}
                    {row.theirs && (
                      <span className="text-muted-foreground block text-xs font-normal">
                        changed by someone else
                      </span>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onDiscard} disabled={saving}>
          Discard my changes
        </Button>
        <Button type="button" variant="outline" onClick={onEditAgain} disabled={loading || saving}>
          Edit again
        </Button>
        <Button type="button" onClick={onReapply} disabled={loading || saving}>
          {saving && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          Apply my changes again
        </Button>
      </div>
    </div>
  );
}
