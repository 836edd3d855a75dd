import type { ReactNode } from 'react';
import { Link } from 'wouter';

import { BrandLogo } from '../brand-logo';
import { Button } from '../ui/button';

const footerLinkClass =
  'hover:text-foreground rounded-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50';

/**
 * The frame of the pages anyone may open without logging in: legal pages, support, window tags. Only the
 * page itself is printed.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-svh flex-col">
      <header className="bg-card border-b print:hidden">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link
            href="/"
            aria-label="FleetClaims home"
            className="focus-visible:ring-ring/50 rounded-lg outline-none focus-visible:ring-[3px]"
          >
            <BrandLogo className="text-base" />
          </Link>
          <Button asChild variant="outline" size="sm">
            <Link href="/">Open FleetClaims</Link>
          </Button>
        </div>
      </header>
      <main className="flex-1">{children}</main>
      <footer className="text-muted-foreground border-t print:hidden">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-6 text-sm sm:px-6">
          <p>FleetClaims: fleet vehicle repair claim tracking</p>
          <nav aria-label="Legal and support" className="flex gap-4">
            <Link href="/privacy-policy" className={footerLinkClass}>
              Privacy Policy
            </Link>
            <Link href="/terms" className={footerLinkClass}>
              Terms
            </Link>
            <Link href="/support" className={footerLinkClass}>
              Support
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
