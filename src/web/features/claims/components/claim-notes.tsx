import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlertIcon, Loader2Icon, MessageSquareIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { actedByName, noteRequestSchema } from '@shared/claims';

import { FieldBlock } from '../../../components/form-fields';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Form, FormControl } from '../../../components/ui/form';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../hooks/use-toast';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useAddClaimNoteMutation } from '../api/add-claim-note';
import { useClaimNotes } from '../api/get-claim-notes';
import { MentionTextarea } from './mention-textarea';
import { NoteBody } from './note-body';
import { PersonInitials } from './person-initials';
import { RelativeTime } from './relative-time';

function NoteForm({ claimId }: { claimId: string }) {
  const mutation = useAddClaimNoteMutation();
  const form = useForm({ resolver: zodResolver(noteRequestSchema), defaultValues: { body: '' } });

  const submit = form.handleSubmit(({ body }) =>
    mutation.mutate(
      { id: claimId, body },
      {
        onSuccess: () => form.reset({ body: '' }),
        onError: (error) => {
          if (applyFieldErrors(error, form.setError, ['body'])) return;
          toast({ variant: 'destructive', title: 'Could not add the note', description: error.message });
        },
      },
    ),
  );

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-3">
        <FieldBlock
          name="body"
          label="Add a note"
          description="People you mention get a notification. Only people who can see this claim can be mentioned."
        >
          {(field) => (
            <>
              <FormControl>
                <MentionTextarea
                  claimId={claimId}
                  placeholder="Write a note; type @ to mention someone"
                  {...field}
                  onKeyDown={(event) => {
                    // Ctrl/⌘+Enter sends, as in most comment boxes.
                    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                      event.preventDefault();
                      void submit();
                    }
                  }}
                />
              </FormControl>
            </>
          )}
        </FieldBlock>
        <div className="flex justify-end">
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            Add note
          </Button>
        </div>
      </form>
    </Form>
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
              const author = note.author?.name ?? 'Deleted user';
              return (
                <li key={note.id} className="flex gap-3">
                  <PersonInitials name={author} />
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                      <span className="font-medium">
                        {actedByName(note.author, note.impersonator, 'Deleted user')}
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
        {canComment && <NoteForm claimId={claimId} />}
      </CardContent>
    </Card>
  );
}
