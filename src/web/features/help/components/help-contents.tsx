const linkClass =
  'text-muted-foreground hover:text-foreground block rounded-sm py-1 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 hover:underline underline-offset-4';

/** "On this page": a link to each section; beside the text on wide screens, above it on narrow ones. */
export function HelpContents({ entries }: { entries: { id: string; title: string }[] }) {
  return (
    <nav
      aria-labelledby="help-contents-heading"
      className="bg-card rounded-xl border p-5 text-sm lg:sticky lg:top-20 lg:max-h-[calc(100svh-6rem)] lg:overflow-y-auto lg:border-0 lg:bg-transparent lg:p-0"
    >
      <h2 id="help-contents-heading" className="text-foreground mb-2 font-semibold">
        On this page
      </h2>
      <ul className="grid gap-x-6 min-[420px]:grid-cols-2 lg:grid-cols-1">
        {entries.map((entry) => (
          <li key={entry.id}>
            <a href={`#${entry.id}`} className={linkClass}>
              {entry.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
