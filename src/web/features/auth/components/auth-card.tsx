import type { ReactNode } from 'react';
import { Link } from 'wouter';

import { BrandLogo } from '../../../components/brand-logo';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/utils';

export const authLinkClass =
  'text-primary focus-visible:ring-ring/50 rounded-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px]';

/** The frame of the signed-out account pages (forgot and reset password): the brand above one card. */
export function AuthPageLayout({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 px-4 py-10 sm:px-6">
      <Link
        href="/auth"
        aria-label="FleetClaims log in"
        className="focus-visible:ring-ring/50 rounded-lg outline-none focus-visible:ring-[3px]"
      >
        <BrandLogo />
      </Link>
      {children}
    </main>
  );
}

/** One state of an account page: an optional icon, the heading, a line of explanation, the content. */
export function AuthCard({
  icon,
  iconTone = 'default',
  title,
  description,
  children,
}: {
  icon?: ReactNode;
  iconTone?: 'default' | 'success' | 'destructive';
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card className="w-full max-w-sm">
      <CardHeader>
        {icon && (
          <div
            aria-hidden="true"
            className={cn(
              'mb-2 flex size-11 items-center justify-center rounded-full [&_svg]:size-5',
              iconTone === 'success' && 'bg-success/12 text-success',
              iconTone === 'destructive' && 'bg-destructive/10 text-destructive',
              iconTone === 'default' && 'bg-accent text-primary',
            )}
          >
            {icon}
          </div>
        )}
        <CardTitle>
          <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        </CardTitle>
        {description && <CardDescription className="text-pretty">{description}</CardDescription>}
      </CardHeader>
      {children && <CardContent className="grid gap-5">{children}</CardContent>}
    </Card>
  );
}
