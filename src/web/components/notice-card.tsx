import type { ReactNode } from 'react';

/** A card in a page for a state with nothing else to show: not found, a link that no longer works. */
export function NoticeCard({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title?: string;
  children: ReactNode;
}) {
  return (
    <section className="bg-card flex flex-col items-center gap-3 rounded-xl border px-6 py-14 text-center">
      <div
        aria-hidden="true"
        className="bg-muted text-muted-foreground flex size-12 items-center justify-center rounded-full [&_svg]:size-6"
      >
        {icon}
      </div>
      {title && <h2 className="text-lg font-semibold">{title}</h2>}
      {children}
    </section>
  );
}
