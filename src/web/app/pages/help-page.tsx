import { useEffect } from 'react';
import { BugIcon, MessagesSquareIcon } from 'lucide-react';
import { Link } from 'wouter';

import { Page } from '../../components/layout/page';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import {
  HelpContents,
  HelpFaq,
  HelpSection,
  ADMIN_TOPICS,
  CLAIM_TOPICS,
  DRIVER_TOPICS,
} from '../../features/help';
import { BugReportForm } from '../../features/support';

const TOPICS = [...CLAIM_TOPICS, ...DRIVER_TOPICS, ...ADMIN_TOPICS];

const CONTENTS = [
  ...TOPICS.map(({ id, title }) => ({ id, title })),
  { id: 'faq', title: 'Frequently asked questions' },
  { id: 'report-a-bug', title: 'Report a bug' },
];

/**
 * The page's code loads after the browser has looked for the `#section` of the address, so a link straight
 * to a section (e.g. /help#report-a-bug) would open at the top: scroll there once the text is in place.
 */
function useScrollToHashOnLoad() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);
}

/** Help: how each part of FleetClaims works, the FAQ, and "Report a bug" for every signed-in user. */
export function HelpPage() {
  useScrollToHashOnLoad();
  return (
    <Page
      title="Help"
      description="How each part of FleetClaims works, answers to common questions, and a way to tell us when something is wrong."
    >
      <div className="grid gap-8 lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-12">
        <HelpContents entries={CONTENTS} />
        <div className="grid min-w-0 gap-10">
          <div className="grid gap-10">
            {TOPICS.map((topic) => (
              <HelpSection key={topic.id} topic={topic} />
            ))}
          </div>

          <section id="faq" aria-labelledby="faq-heading" className="scroll-mt-20 border-t pt-8">
            <h2 id="faq-heading" className="flex items-center gap-3 text-xl font-semibold tracking-tight">
              <span
                aria-hidden="true"
                className="bg-primary/10 text-primary flex size-9 items-center justify-center rounded-lg [&_svg]:size-[18px]"
              >
                <MessagesSquareIcon />
              </span>
              Frequently asked questions
            </h2>
            <div className="mt-4">
              <HelpFaq />
            </div>
          </section>

          <section id="report-a-bug" aria-labelledby="report-a-bug-heading" className="scroll-mt-20">
            <Card>
              <CardHeader>
                <CardTitle>
                  <h2
                    id="report-a-bug-heading"
                    className="flex items-center gap-3 text-xl font-semibold tracking-tight"
                  >
                    <span
                      aria-hidden="true"
                      className="bg-primary/10 text-primary flex size-9 items-center justify-center rounded-lg [&_svg]:size-[18px]"
                    >
                      <BugIcon />
                    </span>
                    Report a bug
                  </h2>
                </CardTitle>
                <CardDescription>
                  Something does not work as it should? Tell us here and an administrator will look into it.
                  For anything else, write to the FleetClaims team from the{' '}
                  <Link
                    href="/support?topic=support"
                    className="text-primary font-medium underline-offset-4 hover:underline"
                  >
                    support page
                  </Link>
                  .
                </CardDescription>
              </CardHeader>
              <CardContent>
                <BugReportForm />
              </CardContent>
            </Card>
          </section>
        </div>
      </div>
    </Page>
  );
}
