import { ShieldOffIcon } from 'lucide-react';
import { Link } from 'wouter';

import { Button } from './ui/button';

/** What a signed-in user sees on a screen their role does not open (the server refuses its data anyway). */
export function AccessDenied({
  title,
  audience = 'administrators',
}: {
  title: string;
  /** Who the screen is for, as the sentence "{title} is for {audience}." reads. */
  audience?: string;
}) {
  return (
    <section
      aria-labelledby="access-denied-heading"
      className="mx-auto flex max-w-md flex-col items-center gap-4 px-6 py-20 text-center"
    >
      <div
        aria-hidden="true"
        className="bg-muted text-muted-foreground flex size-12 items-center justify-center rounded-full [&_svg]:size-6"
      >
        <ShieldOffIcon />
      </div>
      <h1 id="access-denied-heading" className="text-2xl font-semibold tracking-tight">
        You don't have access to this page
      </h1>
      <p className="text-muted-foreground text-balance">
        {title} is for {audience}. If you need it, ask an administrator of your FleetClaims account.
      </p>
      <Button asChild variant="outline">
        <Link href="/">Go to the dashboard</Link>
      </Button>
    </section>
  );
}
