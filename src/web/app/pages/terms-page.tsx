import { Link } from 'wouter';

import { LegalDocument, type LegalSection } from '../../components/legal-document';

export const TERMS_UPDATED = '22 November 2026';

const sections: LegalSection[] = [
  {
    id: 'about',
    title: 'About these terms',
    body: (
      <>
        <p>
          These terms apply to everyone who uses FleetClaims with an account their organization provides. By
          logging in, you agree to them. Your organization’s subscription agreement with us covers the
          business side (fees, service levels and how we process its data); if that agreement and these terms
          disagree, the agreement wins.
        </p>
        <p>
          The <Link href="/privacy-policy">Privacy Policy</Link> explains what information we hold and how we
          use it.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <>
        <p>
          Accounts are created by your organization’s administrators; there is no public sign-up. Your
          administrator chooses your role (admin, manager or viewer) and the companies whose records you may
          see. The first time you log in with a password an administrator gave you, you must replace it with
          one only you know.
        </p>
        <ul>
          <li>Keep your password to yourself and do not share your account; each person needs their own.</li>
          <li>
            You are responsible for what is done with your account. If you think someone else has used it,
            change your password and tell your administrator straight away.
          </li>
          <li>
            Administrators can reset your password, change your role, deactivate your account, and act as you
            to help with a problem. Everything they do while acting as you is recorded under their name as
            well as yours.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>Use FleetClaims for your organization’s fleet repair work, and do not:</p>
        <ul>
          <li>
            look for or use records you have not been given access to, or try to get around roles, company
            restrictions or other security measures;
          </li>
          <li>
            enter information you are not allowed to share, or more personal information than a claim needs (a
            driver’s contact details, yes; their medical history, no);
          </li>
          <li>upload malware, or content that is unlawful, abusive or infringes someone else’s rights;</li>
          <li>
            probe, scan or load-test the service, or collect data from it with automated tools, without our
            written permission;
          </li>
          <li>copy, resell or reverse-engineer the software, except where the law expressly allows it;</li>
          <li>pretend to be someone else or deliberately record false claim information.</li>
        </ul>
        <p>
          Handle what you print or export, such as claim PDFs and invoices, with the same care as the records
          in the app. Window tags are designed to be left in a vehicle and show no costs or personal details.
        </p>
      </>
    ),
  },
  {
    id: 'your-data',
    title: 'Your organization’s data',
    body: (
      <p>
        The records your organization enters belong to your organization. We use them only to provide
        FleetClaims to it, as the Privacy Policy describes. Your organization is responsible for the accuracy
        of what it records and for having the right to record it.
      </p>
    ),
  },
  {
    id: 'claims-and-decisions',
    title: 'Claims, estimates and decisions',
    body: (
      <>
        <p>
          FleetClaims organizes information about repairs; it does not inspect vehicles, assess damage, decide
          insurance coverage or approve work on its own. Statuses, estimates, authorizations, costs and
          expected completion dates come from your organization, repair facilities, insurers and connected
          systems. Automatic approvals happen only within limits your organization sets.
        </p>
        <p>
          Check important figures before you rely on them. Nothing in FleetClaims is insurance, legal or
          financial advice.
        </p>
      </>
    ),
  },
  {
    id: 'third-parties',
    title: 'Third-party services',
    body: (
      <p>
        Your administrators may connect FleetClaims to other services, such as CCC ONE, Tekmetric or Google
        sign-in. Those services are provided by other companies under their own terms. We are not responsible
        for their availability or for the accuracy of the information they send, though we show clearly what
        was imported and from where.
      </p>
    ),
  },
  {
    id: 'availability',
    title: 'Availability, changes and support',
    body: (
      <p>
        We work to keep FleetClaims available, fast and correct, but we cannot promise it will never be
        interrupted; planned maintenance is announced in advance when it affects working hours. We improve the
        service over time and may change or retire features; we do not remove a feature your organization
        relies on without notice. For help, use the <Link href="/support">support page</Link>, or the Report a
        bug form on the Help page once you are logged in.
      </p>
    ),
  },
  {
    id: 'ownership',
    title: 'Ownership and feedback',
    body: (
      <p>
        The FleetClaims software, design and documentation belong to us or our licensors. While your
        organization’s subscription is active, you may use them for its work; that right cannot be
        transferred. If you send us suggestions, we may use them to improve FleetClaims without owing you
        anything for them.
      </p>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    body: (
      <p>
        Apart from the commitments in your organization’s agreement with us, FleetClaims is provided as it is
        and as available, without further warranties, to the extent the law allows.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <>
        <p>
          To the extent the law allows, we are not liable for indirect or consequential losses, such as lost
          profits, vehicle downtime, or decisions made on information in FleetClaims. Our total liability is
          the limit set in your organization’s agreement with us or, if it sets none, the amount your
          organization paid for FleetClaims in the 12 months before the event.
        </p>
        <p>
          Nothing in these terms limits liability that cannot be limited by law, such as for fraud or for
          death or personal injury caused by negligence.
        </p>
      </>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and termination',
    body: (
      <p>
        Your administrator can deactivate your account at any time. We may suspend an account that breaks
        these terms or puts the security of the service at risk; where we can, we tell your organization’s
        administrators first. When your organization’s subscription ends, access ends for all its users, and
        its records are exported and deleted as the Privacy Policy describes. The parts of these terms that by
        their nature continue after an account ends, such as the limitation of liability, keep applying.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        When we change these terms we update the date at the top. We tell your organization’s administrators
        about significant changes at least 30 days before they take effect, in the app or by email. If you
        keep using FleetClaims after a change takes effect, the new terms apply.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing law',
    body: (
      <p>
        These terms are governed by the law, and disputes are heard by the courts, named in your
        organization’s agreement with us.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        Questions about these terms are welcome on our <Link href="/support">support page</Link>.
      </p>
    ),
  },
];

/** The user agreement: served at both /terms and /user-agreement (spec §2). */
export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Use"
      updated={TERMS_UPDATED}
      intro={
        <p>
          This is the user agreement for FleetClaims: the rules for using the service, what you can expect
          from us, and what we expect from you.
        </p>
      }
      sections={sections}
    />
  );
}
