import type { ReactNode } from 'react';
import { ConstructionIcon } from 'lucide-react';

import { Page } from './layout/page';

/**
 * A screen whose route exists but whose feature has not shipped yet: its real title and an honest note
 * that it comes later, with what it will do. Never sample data that could be mistaken for real records.
 */
export function UpcomingScreen({
  title,
  icon = <ConstructionIcon />,
  children,
}: {
  title: string;
  icon?: ReactNode;
  /** What the screen will let the user do, one or two sentences. */
  children: ReactNode;
}) {
  return (
    <Page title={title}>
      <section
        aria-labelledby="upcoming-heading"
        className="bg-card flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-14 text-center sm:py-20"
      >
        <div
          aria-hidden="true"
          className="bg-muted text-muted-foreground flex size-12 items-center justify-center rounded-full [&_svg]:size-6"
        >
          {icon}
        </div>
        <h2 id="upcoming-heading" className="text-lg font-semibold">
          Coming in a later release
        </h2>
        <p className="text-muted-foreground max-w-md text-balance">{children}</p>
        <p className="text-muted-foreground max-w-md text-sm text-balance">
          This screen is not available in this version of FleetClaims yet.
        </p>
      </section>
    </Page>
  );
}
