import { PlusIcon } from 'lucide-react';

import { Button } from './ui/button';

/** Under a list of line items (an estimate's, an authorization request's): its error, then "Add line". */
export function AddLineButton({ error, onAdd }: { error?: string | undefined; onAdd: () => void }) {
  return (
    <>
      {error && (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
      <Button type="button" variant="outline" className="justify-self-start" onClick={onAdd}>
        <PlusIcon aria-hidden="true" />
        Add line
      </Button>
    </>
  );
}
