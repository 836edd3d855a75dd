import { useCallback } from 'react';
import { useSearchParams } from 'wouter';

/** The address key that opens a list screen's create form: `/companies?new=1`. */
export const CREATE_PARAM = 'new';

/**
 * A link to a list screen with its create form open (and any filters, such as the company a new location
 * belongs to), so other screens (the setup checklist, a company's sheet) can send people straight to the form.
 */
export function createFormHref(path: string, params: Record<string, string> = {}): string {
  return `${path}?${new URLSearchParams({ ...params, [CREATE_PARAM]: '1' }).toString()}`;
}

/**
 * Whether the screen's create form is open, kept in the address (`?new=1`) so a link can open it; closing the
 * form takes the key out again. The history is replaced, not grown: Back leaves the screen.
 */
export function useCreateDialogParam(): [open: boolean, setOpen: (open: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const open = params.get(CREATE_PARAM) === '1';
  const setOpen = useCallback(
    (next: boolean) =>
      setParams(
        (previous) => {
          const changed = new URLSearchParams(previous);
          if (next) changed.set(CREATE_PARAM, '1');
          else changed.delete(CREATE_PARAM);
          return changed;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [open, setOpen];
}
