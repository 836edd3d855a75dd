import { Spinner } from './ui/spinner';

/** Fills the page while a screen's code or the session is loading. */
export function PageSpinner() {
  return (
    <div aria-busy="true" className="flex min-h-svh items-center justify-center">
      <Spinner className="text-muted-foreground size-8" />
    </div>
  );
}
