import type { ReactNode } from 'react';
import { BugIcon, ClockIcon, KeyRoundIcon, PresentationIcon } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { CONTACT_TOPICS } from '@shared/support';

import { PublicLayout } from '../../components/layout/public-layout';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ContactForm } from '../../features/support';
import { useDocumentTitle } from '../../hooks/use-document-title';

const linkClass =
  'text-primary rounded-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50';

const EXPECTATIONS: { icon: ReactNode; title: string; text: ReactNode }[] = [
  {
    icon: <ClockIcon />,
    title: 'A reply within one business day',
    text: 'A person on the FleetClaims team reads every message and answers by email, Monday to Friday.',
  },
  {
    icon: <PresentationIcon />,
    title: 'A demo on a fleet like yours',
    text: 'Tell us roughly how many vehicles and locations you run. We walk through collision and mechanical claims, approvals and reports the way your team would use them.',
  },
  {
    icon: <KeyRoundIcon />,
    title: 'Locked out, or need an account?',
    text: (
      <>
        Your FleetClaims administrator can create accounts and send reset links straight away, or use{' '}
        <Link href="/forgot-password" className={linkClass}>
          Forgot your password?
        </Link>{' '}
        on the login page.
      </>
    ),
  },
  {
    icon: <BugIcon />,
    title: 'Found a problem in the app?',
    text: (
      <>
        <Link href="/auth" className={linkClass}>
          Log in
        </Link>{' '}
        and use “Report a bug” on the Help page: it tells us the page and browser you were on.
      </>
    ),
  },
];

/** A topic named in the address (`/support?topic=demo`), so a "request a demo" link arrives ready. */
function useTopicFromAddress() {
  const topic = new URLSearchParams(useSearch()).get('topic');
  return CONTACT_TOPICS.find((known) => known === topic);
}

/** Support (public): how to reach the FleetClaims team, and the contact form. */
export function SupportPage() {
  useDocumentTitle('Support');
  const topic = useTopicFromAddress();

  return (
    <PublicLayout>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 sm:py-14 lg:grid-cols-[minmax(0,1fr)_minmax(0,36rem)] lg:gap-16">
        <section aria-labelledby="support-heading" className="lg:pt-4">
          <h1 id="support-heading" className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
            Support
          </h1>
          <p className="text-muted-foreground mt-3 text-lg text-balance">
            Ask for a demo, get help with FleetClaims, or tell us anything else. We read every message.
          </p>
          <ul className="mt-8 grid gap-6">
            {EXPECTATIONS.map(({ icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span
                  aria-hidden="true"
                  className="bg-primary/10 text-primary flex size-10 shrink-0 items-center justify-center rounded-full [&_svg]:size-5"
                >
                  {icon}
                </span>
                <div>
                  <h2 className="font-medium">{title}</h2>
                  <p className="text-muted-foreground mt-1 text-sm/6">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <Card className="self-start">
          <CardHeader>
            <CardTitle>
              <h2 className="text-xl font-semibold tracking-tight">Send us a message</h2>
            </CardTitle>
            <CardDescription>
              We use what you send only to answer you; see our{' '}
              <Link href="/privacy-policy" className={linkClass}>
                Privacy Policy
              </Link>
              .
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ContactForm initialTopic={topic} />
          </CardContent>
        </Card>
      </div>
    </PublicLayout>
  );
}
