import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2Icon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { noteRequestSchema } from '@shared/claims';

import { FieldBlock } from '../../../components/form-fields';
import { Button } from '../../../components/ui/button';
import { FormControl, Form } from '../../../components/ui/form';
import { toast } from '../../../hooks/use-toast';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useAddClaimNoteMutation } from '../api/add-claim-note';
import { MentionTextarea } from './mention-textarea';

/** The box to add a note to a claim: Ctrl/⌘+Enter or "Add note" sends it. */
export function NoteForm({ claimId }: { claimId: string }) {
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
