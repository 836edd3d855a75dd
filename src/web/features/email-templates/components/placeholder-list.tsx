import { BracesIcon } from 'lucide-react';

/** The template's placeholders; choosing one inserts `{{name}}` where the cursor was in `targetLabel`. */
export function PlaceholderList({
  placeholders,
  targetLabel,
  onInsert,
}: {
  placeholders: Record<string, string>;
  targetLabel: string;
  onInsert: (name: string) => void;
}) {
  const entries = Object.entries(placeholders);
  return (
    <section aria-labelledby="placeholders-heading" className="bg-muted/40 grid gap-3 rounded-lg border p-4">
      <div>
        <h2 id="placeholders-heading" className="flex items-center gap-2 text-sm font-medium">
          <BracesIcon aria-hidden="true" className="text-muted-foreground size-4" />
          Placeholders
        </h2>
        <p className="text-muted-foreground mt-1 text-sm" aria-live="polite">
          Choose one to insert it at the cursor in the{' '}
          <strong className="text-foreground">{targetLabel}</strong>. Each is replaced by the real value when
          the email is sent.
        </p>
      </div>
      {entries.length === 0 ? (
        <p className="text-muted-foreground text-sm">This template has no placeholders.</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {entries.map(([name, description]) => (
            <li key={name} className="flex min-w-0 items-start gap-2">
              <button
                type="button"
                // Keeps the cursor (and the selection) in the field being edited.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onInsert(name)}
                aria-label={`Insert {{${name}}}: ${description}`}
                className="bg-background hover:bg-accent focus-visible:ring-ring/50 shrink-0 rounded-md border px-1.5 py-0.5 font-mono text-xs font-medium shadow-xs outline-none focus-visible:ring-[3px]"
              >
                {`{{${name}}}`}
              </button>
              <span className="text-muted-foreground min-w-0 pt-0.5 text-xs/4">{description}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
