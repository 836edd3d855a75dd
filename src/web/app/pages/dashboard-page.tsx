import { LayoutDashboardIcon } from 'lucide-react';

import { Page } from '../../components/layout/page';

/** Placeholder until the real dashboard (PRODUCT.md §6) lands. */
export function DashboardPage() {
  return (
    <Page title="Dashboard">
      <div className="bg-card text-muted-foreground flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
        <LayoutDashboardIcon className="size-8" aria-hidden="true" />
        <p>Your claims overview will appear here.</p>
      </div>
    </Page>
  );
}
