import { toast } from '../../../hooks/use-toast';

/** What saveRecord needs of a create or update mutation (TanStack Query's `mutate`). */
interface Mutation<Variables, Saved> {
  mutate: (
    variables: Variables,
    options: { onSuccess: (saved: Saved) => void; onError: (error: Error) => void },
  ) => void;
}

/**
 * The submit of a fleet record's form (company, location, repair facility): creates the record, or saves the
 * changes to the one being edited (`id`), says so in a toast and closes the form; `onError` handles a refusal.
 */
export function saveRecord<Body, Changes, Saved extends { name: string }>({
  id,
  body,
  changes,
  create,
  update,
  noun,
  createdDescription,
  onDone,
  onError,
}: {
  id: string | null;
  body: Body;
  /** What an edit sends (`body` less what cannot change). */
  changes: Changes;
  create: Mutation<Body, Saved>;
  update: Mutation<{ id: string; changes: Changes }, Saved>;
  /** "Company": the toast says "Company created" or "Company updated". */
  noun: string;
  createdDescription: (created: Saved) => string;
  onDone: () => void;
  onError: (error: Error) => void;
}) {
  const done = (title: string, description: string) => {
    toast({ title, description });
    onDone();
  };
  if (id) {
    update.mutate(
      { id, changes },
      { onSuccess: (saved) => done(`${noun} updated`, `Changes to ${saved.name} were saved.`), onError },
    );
  } else {
    create.mutate(body, {
      onSuccess: (created) => done(`${noun} created`, createdDescription(created)),
      onError,
    });
  }
}
