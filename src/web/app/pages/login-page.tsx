import type { ReactNode } from 'react';
import { CircleAlertIcon, ClipboardListIcon, GaugeIcon, ReceiptTextIcon } from 'lucide-react';
import { Link, useSearch } from 'wouter';

import { BrandLogo } from '../../components/brand-logo';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Separator } from '../../components/ui/separator';
import { GoogleSignInButton, LoginForm, useAuthOptions } from '../../features/auth';

const linkClass =
  'text-primary rounded-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50';

const footerLinkClass =
  'hover:text-foreground rounded-sm underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50';

const HIGHLIGHTS: { icon: ReactNode; text: string }[] = [
  { icon: <GaugeIcon />, text: 'See which vehicles are down, where, and for how long.' },
  { icon: <ClipboardListIcon />, text: 'Collision and mechanical repairs, each with its own workflow.' },
  { icon: <ReceiptTextIcon />, text: 'Estimates, authorizations and invoices kept with the claim.' },
];

/** "Continue with Google", only when the server has Google sign-in configured (nothing while it is asked). */
function GoogleSignIn() {
  const options = useAuthOptions();
  if (!options.data?.googleSignIn) return null;
  return (
    <>
      <OrDivider />
      <GoogleSignInButton />
    </>
  );
}

function BrandPanel() {
  return (
    <section
      aria-label="About FleetClaims"
      className="bg-brand text-brand-foreground relative hidden flex-col justify-between overflow-hidden p-10 md:flex lg:p-14"
    >
      <BrandLogo inverted />
      <div className="max-w-lg">
        <p className="text-3xl leading-tight font-semibold tracking-tight text-balance xl:text-4xl">
          Every fleet repair claim, from first report to final invoice.
        </p>
        <ul className="mt-8 grid gap-4">
          {HIGHLIGHTS.map(({ icon, text }) => (
            <li key={text} className="flex items-start gap-3 text-base/6 opacity-90">
              <span aria-hidden="true" className="mt-0.5 shrink-0 [&_svg]:size-5">
                {icon}
              </span>
              {text}
            </li>
          ))}
        </ul>
      </div>
      <p className="text-sm opacity-70">Fleet vehicle repair claim tracking</p>
    </section>
  );
}

function GoogleErrorAlert() {
  // Google sign-in redirects back to /auth?error=... when it cannot sign the user in.
  const error = new URLSearchParams(useSearch()).get('error');
  if (!error) return null;
  return (
    <Alert variant="destructive">
      <CircleAlertIcon />
      <AlertTitle>We couldn't sign you in</AlertTitle>
      <AlertDescription>{error}</AlertDescription>
    </Alert>
  );
}

function OrDivider() {
  return (
    <div className="text-muted-foreground flex items-center gap-3 text-xs uppercase">
      <Separator className="flex-1" />
      or
      <Separator className="flex-1" />
    </div>
  );
}

export function LoginPage() {
  return (
    <div className="grid min-h-svh md:grid-cols-2">
      <BrandPanel />
      <main className="flex flex-col items-center justify-center gap-6 px-4 py-10 sm:px-6">
        <div className="flex flex-col items-center gap-2 text-center md:hidden">
          <BrandLogo />
          <p className="text-muted-foreground text-sm">Fleet vehicle repair claim tracking</p>
        </div>
        <Card className="w-full max-w-sm">
          <CardHeader>
            <CardTitle>
              <h1 className="text-xl font-semibold tracking-tight">Log in</h1>
            </CardTitle>
            <CardDescription>Use the username and password your administrator gave you.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <GoogleErrorAlert />
            <LoginForm />
            <GoogleSignIn />
          </CardContent>
        </Card>
        <p className="text-muted-foreground max-w-sm text-center text-sm text-balance">
          New accounts can only be created by administrators.{' '}
          <Link href="/support" className={linkClass}>
            Contact Us for a Demo
          </Link>
        </p>
        <nav aria-label="Legal and support" className="text-muted-foreground flex gap-4 text-xs">
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
      </main>
    </div>
  );
}
