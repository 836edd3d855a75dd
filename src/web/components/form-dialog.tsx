import {
  Fragment,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react';

import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './ui/dialog';
import { Spinner } from './ui/spinner';

/**
 * The record an edit dialog is for, kept while the dialog closes: the caller clears it at once, and the
 * closing dialog must not turn into a create form while it fades out.
 */
export function useRecordWhileClosing<T>(record: T | null): T | null {
  const [last, setLast] = useState(record);
  if (record && record !== last) setLast(record);
  return record ?? last;
}

/** A dialog's heading: its title, and what it is for (an empty description when `null`, none when left out). */
export function DialogHeading({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <DialogHeader>
      <DialogTitle>{title}</DialogTitle>
      {description !== undefined && <DialogDescription>{description}</DialogDescription>}
    </DialogHeader>
  );
}

/**
 * The frame of a form in a dialog: its title, what it is for, and the form (which mounts afresh each time the
 * dialog opens, so it starts from its defaults). The form ends with a FormDialogFooter. A form that is a lazy
 * chunk of its own (react-hook-form and zod load when a dialog first opens: issue 30's budget per route) shows
 * a spinner named "Loading the form" until it arrives.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  className = 'sm:max-w-xl',
  trigger,
  contentProps,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** The dialog's width (`sm:max-w-md` for a short form). */
  className?: string;
  /** The button that opens it, when the dialog keeps it (else the caller opens it with `open`). */
  trigger?: ReactNode;
  /** For a dialog that may not be closed: no close button, Escape and clicks outside kept from closing it. */
  contentProps?: Omit<ComponentProps<typeof DialogContent>, 'className' | 'children'>;
  children: ReactNode;
}) {
  // Whether the form's spinner showed since the form last arrived (FocusFirstFieldOnArrival).
  const late = useRef(false);
  const formShownLate = useCallback(() => {
    late.current = true;
  }, []);
  const cameLate = useCallback(() => {
    const was = late.current;
    late.current = false;
    return was;
  }, []);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent className={className} {...contentProps}>
        <DialogHeading title={title} description={description ? description : undefined} />
        <Suspense fallback={<FormLoading onShown={formShownLate} />}>
          <FocusFirstFieldOnArrival cameLate={cameLate}>{children}</FocusFirstFieldOnArrival>
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}

/** What can take focus by Tab, as Radix's focus trap finds it (less what is hidden from it). */
const TABBABLE =
  'input:not([type="hidden"]):not(:disabled), textarea:not(:disabled), select:not(:disabled), button:not(:disabled), [href], [tabindex]';

/** The spinner a lazy form shows while its chunk loads; says it was shown (`onShown`). */
function FormLoading({ onShown }: { onShown: () => void }) {
  useEffect(onShown, [onShown]);
  return (
    <div aria-busy="true" className="flex justify-center py-8">
      <Spinner className="text-muted-foreground size-6" aria-label="Loading the form" />
    </div>
  );
}

/**
 * When the form arrives after its spinner (a lazy chunk on the dialog's first opening), focus goes to its first
 * control if it is still where the dialog put it meanwhile: the close button, the only thing to focus then, so that
 * typing went nowhere and the first Tab went to the name. A form there from the start is left to the dialog's own
 * focus (its first control), and focus the user moved stays where it is.
 */
function FocusFirstFieldOnArrival({
  cameLate,
  children,
}: {
  /** Whether the spinner showed before (and forgets it). */
  cameLate: () => boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!cameLate()) return;
    const dialog = ref.current?.closest('[role="dialog"]');
    const active = document.activeElement;
    const untouched =
      active === null ||
      active === document.body ||
      active === dialog ||
      (active instanceof Element && active.matches('[data-slot="dialog-close"]'));
    if (!dialog || !untouched) return;
    const first = [...(ref.current?.querySelectorAll<HTMLElement>(TABBABLE) ?? [])].find(
      (element) => element.tabIndex >= 0 && !element.closest('[aria-hidden="true"], [hidden]'),
    );
    first?.focus();
  }, [cameLate]);
  return (
    <div ref={ref} className="contents">
      {children}
    </div>
  );
}

/** Two fields side by side from 640 px, one above the other on a phone. */
export function FieldPair({ children }: { children: ReactNode }) {
  return <div className="grid items-start gap-5 sm:grid-cols-2 sm:gap-4">{children}</div>;
}

/** Whether a dialog is open, and how it asks to open or close. */
export interface DialogState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A dialog that creates a record (`record` null) or edits one: "Create {noun}" or "Edit {noun}", the record
 * kept while the dialog closes, and the form (`children`) mounted afresh for each record.
 */
export function RecordFormDialog<T extends { id: string }>({
  open,
  onOpenChange,
  record,
  noun,
  describe,
  newDescription,
  children,
}: DialogState & {
  record: T | null;
  noun: string;
  /** The description while editing: which record it is. */
  describe: (record: T) => ReactNode;
  /** The description while creating: what such a record is. */
  newDescription: ReactNode;
  children: (record: T | null, onDone: () => void) => ReactNode;
}) {
  const shown = useRecordWhileClosing(record);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={shown ? `Edit ${noun}` : `Create ${noun}`}
      description={shown ? describe(shown) : newDescription}
    >
      <Fragment key={shown?.id ?? 'new'}>{children(shown, () => onOpenChange(false))}</Fragment>
    </FormDialog>
  );
}

/**
 * A form dialog whose form, once done, may give way to what it made: a link to pass on by hand, a token shown
 * once. `title` and `description` are asked with the result (null while the form shows); closing forgets it.
 */
export function FormThenResultDialog<R>({
  open,
  onOpenChange,
  title,
  description,
  className,
  form,
  result,
}: DialogState & {
  title: (shown: R | null) => ReactNode;
  description: (shown: R | null) => ReactNode;
  className?: string;
  /** The form, given how to show a result and how to close. */
  form: (show: (made: R) => void, close: () => void) => ReactNode;
  result: (made: R, close: () => void) => ReactNode;
}) {
  const [shown, setShown] = useState<R | null>(null);
  const close = () => {
    setShown(null);
    onOpenChange(false);
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={title(shown)}
      description={description(shown)}
      className={className}
    >
      {shown === null ? form(setShown, close) : result(shown, close)}
    </FormDialog>
  );
}
