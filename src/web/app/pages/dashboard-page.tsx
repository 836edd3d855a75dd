import { LayoutDashboardIcon, LogOutIcon } from 'lucide-react';

import { BrandLogo } from '../../components/brand-logo';
import { Button } from '../../components/ui/button';
import { useAuth } from '../../features/auth/hooks/use-auth';

/** Placeholder until the real dashboard (PRODUCT.md §6) lands; keeps a way to log out meanwhile. */
export function DashboardPage() {
  const { user, logoutMutation } = useAuth();

  return (
    <div className="min-h-svh">
      <header className="bg-card flex items-center justify-between border-b px-4 py-3 sm:px-6">
        <BrandLogo className="text-base" />
        <div className="flex items-center gap-3">
          <span className="text-muted-foreground hidden text-sm sm:inline">
            Signed in as {user?.username}
          </span>
          <Button
            variant="outline"
            size="sm"
            onClick={() => logoutMutation.mutate()}
            disabled={logoutMutation.isPending}
          >
            <LogOutIcon />
            Log out
          </Button>
        </div>
      </header>
      <main className="mx-auto max-w-5xl p-4 sm:p-6">
        <h1 className="text-2xl font-semibold tracking-tight">Dashboard</h1>
        <div className="text-muted-foreground mt-6 flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
          <LayoutDashboardIcon className="size-8" aria-hidden="true" />
          <p>Your claims overview will appear here.</p>
        </div>
      </main>
    </div>
  );
}
