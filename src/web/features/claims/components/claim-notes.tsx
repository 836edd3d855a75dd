import { lazy, Suspense } from 'react';
import { CircleAlertIcon, MessageSquareIcon } from 'lucide-react';
import { actedByOrVia } from '@shared/claims';

import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useClaimNotes } from '../api/get-claim-notes';
import { NoteBody } from './note-body';
import { PersonInitials } from './person-initials';
import { RelativeTime } from './relative-time';

// The note box (react-hook-form, the note schema) loads just after the claim draws (issue 30).
const NoteForm = lazy(() => import('./note-form').then((m) => ({ default: m.NoteForm })));

/** The note box's shape (label, text area, hint, button) while its code loads, so nothing below it moves. */
function NoteFormPlaceholder() {
  return (
    <div className="grid gap-3" role="status" aria-busy="true" aria-label="Loading the note box">
      <div className="grid gap-2">
        <Skeleton className="h-4 w-20" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
      <Skeleton className="h-9 w-28 justify-self-end" />
    </div>
  );
}

/** The claim's notes, oldest first, and a box to add one (for those who may comment). */
export function ClaimNotes({ claimId, canComment }: { claimId: string; canComment: boolean }) {
  const notes = useClaimNotes(claimId);

  return (
    <Card aria-labelledby="claim-notes-heading" role="region" className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2 id="claim-notes-heading">Notes</h2>
        </CardTitle>
        <CardDescription>What happened, what is waiting on whom.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {notes.isPending ? (
          <div className="grid gap-3" role="status" aria-busy="true" aria-label="Loading notes">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : notes.isError ? (
          <Alert variant="destructive">
            <CircleAlertIcon />
            <AlertTitle>The notes could not be loaded</AlertTitle>
            <AlertDescription>
              <p>{notes.error.message}</p>
              <Button
                variant="outline"
                size="sm"
                className="mt-2"
                onClick={() => void notes.refetch()}
                disabled={notes.isFetching}
              >
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : notes.data.length === 0 ? (
          <p className="text-muted-foreground flex items-center gap-2 text-sm">
            <MessageSquareIcon className="size-4" aria-hidden="true" />
            No notes yet.
          </p>
        ) : (
          <ol className="grid gap-4" aria-label="Notes">
            {notes.data.map((note) => {
              const author = note.author?.name ?? note.via ?? 'Deleted user';
              return (
                <li key={note.id} className="flex gap-3">
                  <PersonInitials name={author} />
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                      <span className="font-medium">
                        {actedByOrVia(note.author, note.impersonator, note.via, 'Deleted user')}
                      </span>
                      <RelativeTime date={note.createdAt} className="text-muted-foreground text-xs" />
                    </p>
                    <NoteBody note={note} />
                  </div>
                </li>
              );
            })}
          </ol>
        )}
        {canComment && (
          <Suspense fallback={<NoteFormPlaceholder />}>
            <NoteForm claimId={claimId} />
          </Suspense>
        )}
      </CardContent>
    </Card>
  );
}
