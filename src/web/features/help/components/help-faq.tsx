import type { ReactNode } from 'react';
import { Link } from 'wouter';

import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '../../../components/ui/accordion';
import { helpProseClass } from './help-section';

const QUESTIONS: { id: string; question: string; answer: ReactNode }[] = [
  {
    id: 'cannot-see-claim',
    question: 'Why can’t I find a claim a colleague told me about?',
    answer: (
      <p>
        You see the claims of the companies your account is linked to. If the claim belongs to another
        company, ask an administrator to link you to it. Also check the filters on All Claims: “Clear filters”
        shows everything again.
      </p>
    ),
  },
  {
    id: 'add-claim-missing',
    question: 'Why is there no Add Claim button for me?',
    answer: (
      <p>
        Viewers read claims and write notes but do not open or change claims. If your work needs it, ask an
        administrator to make you a manager.
      </p>
    ),
  },
  {
    id: 'move-back',
    question: 'Can I move a claim back to an earlier status?',
    answer: (
      <p>
        Only where the workflow has that move: Supplement review back to In repair, On hold back to where the
        claim was, a declined authorization back to Diagnosis. Every move stays in the status history, so if a
        claim was moved by mistake, add a note saying so and carry on from there.
      </p>
    ),
  },
  {
    id: 'same-time',
    question: 'What happens if two people edit the same claim at once?',
    answer: (
      <p>
        The first save wins. The second person is told that the claim changed meanwhile, instead of silently
        overwriting it: reload the claim, check what changed, and make your change again.
      </p>
    ),
  },
  {
    id: 'reset-email',
    question: 'The password reset email does not arrive. What now?',
    answer: (
      <>
        <p>
          Check your spam folder, and that you typed the address your account uses. The link works for one
          hour, and you can ask for it up to 5 times an hour.
        </p>
        <p>
          Still nothing? Your administrator can send you a reset email from User Management, or add an email
          address to your account if it has none.
        </p>
      </>
    ),
  },
  {
    id: 'session-expired',
    question: 'Why did it say my session expired?',
    answer: (
      <p>
        You were signed out: after a long time away, because your password was changed or reset, or because an
        administrator deactivated the account. Log in again. Changes you had not saved yet must be made again.
      </p>
    ),
  },
  {
    id: 'window-tag',
    question: 'Who can open a window tag?',
    answer: (
      <p>
        Anyone who holds the printed tag can read it, and its page opens without logging in. That is why it
        shows only the claim and unit number, the last 8 characters of the VIN, the facility, the status and
        the ETA: no costs, no driver and no personal details. The QR code on it opens the claim itself, which
        asks for a login.
      </p>
    ),
  },
  {
    id: 'notes-visibility',
    question: 'Who sees the notes I write?',
    answer: (
      <p>
        Everyone who can see the claim: the users linked to its company, and administrators. A person you
        @mention is also notified by email.
      </p>
    ),
  },
  {
    id: 'browsers',
    question: 'Which browsers and devices work?',
    answer: (
      <p>
        Current versions of Chrome, Edge, Firefox and Safari, on computers, tablets and phones. On a narrow
        screen the sidebar becomes a menu behind the round button at the bottom left.
      </p>
    ),
  },
  {
    id: 'get-help',
    question: 'Who do I ask when I am stuck?',
    answer: (
      <p>
        For accounts, roles and companies, your FleetClaims administrator. When something in the app does not
        work as it should, use <a href="#report-a-bug">Report a bug</a> below. For anything else, write to the
        FleetClaims team from the <Link href="/support?topic=support">support page</Link>.
      </p>
    ),
  },
];

/** Frequently asked questions, one open at a time. */
export function HelpFaq() {
  return (
    <Accordion type="single" collapsible className="bg-card rounded-xl border px-4 sm:px-5">
      {QUESTIONS.map(({ id, question, answer }) => (
        <AccordionItem key={id} value={id}>
          <AccordionTrigger className="text-[15px]">{question}</AccordionTrigger>
          <AccordionContent className={helpProseClass}>{answer}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
