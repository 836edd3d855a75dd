import { Link } from 'wouter';

import { LegalDocument, type LegalSection } from '../../components/legal-document';

export const PRIVACY_POLICY_UPDATED = '22 November 2026';

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <>
        <p>
          FleetClaims is a web application that fleet operators, and the repair-management staff who work for
          them, use to track vehicle repair claims from the first report to the final invoice. In this policy
          “we” and “us” mean the FleetClaims service and the team that runs it, and “your organization” means
          the company that subscribes to FleetClaims and gave you your account.
        </p>
        <p>
          Your organization decides what is recorded in FleetClaims about its vehicles, its claims and its
          people. For that information we act on your organization’s behalf and only on its instructions (in
          data-protection terms, your organization is the controller and we are its processor). For the little
          information we need to run the service itself, such as security records and the messages you send
          our support team, we decide how it is used, as this policy describes.
        </p>
      </>
    ),
  },
  {
    id: 'information-we-hold',
    title: 'The information we hold',
    body: (
      <>
        <ul>
          <li>
            <strong>Your account.</strong> Username, first and last name, email address, role (admin, manager
            or viewer), the companies you are linked to, an optional profile photo, and whether you still have
            to replace a password your administrator issued. Your password is stored only as a one-way hash:
            neither we nor your organization can read it.
          </li>
          <li>
            <strong>Fleet and claim records your organization enters.</strong> Companies, locations and repair
            facilities; vehicles (unit number, VIN, year, make, model, plate, colour, odometer); claims (what
            happened, dates, status, priority, who is assigned, the repair facility); insurer and adjuster
            contact details and policy and claim numbers; estimates, authorizations, invoices and payments;
            notes and @mentions; photos and documents. A claim can include the name and phone number of the
            driver who reported it.
          </li>
          <li>
            <strong>Information from integrations your organization turns on.</strong> Estimate files imported
            from CCC ONE and repair orders synchronized from Tekmetric, matched to your claims by claim number
            or VIN.
          </li>
          <li>
            <strong>Sign-in and security records.</strong> When you log in and out, the IP address and browser
            of each session, failed login attempts and password-reset requests (counted to slow down password
            guessing), and an audit log of who changed which record, when and from where, including changes an
            administrator made while acting as another user.
          </li>
          <li>
            <strong>Messages you send us.</strong> What you enter in the support contact form (name, email,
            company, phone, topic and message) and in bug reports (title, description and severity, with the
            address of the page and the browser you were using).
          </li>
          <li>
            <strong>Google sign-in.</strong> If you use Continue with Google, Google tells us the email
            address of your Google account so we can match it to an existing FleetClaims account. We never
            receive your Google password, and signing in with Google does not create an account.
          </li>
        </ul>
        <p>
          We do not use third-party analytics, advertising or tracking tools, and we do not buy information
          about you from anyone.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use it',
    body: (
      <>
        <ul>
          <li>
            To provide FleetClaims: show claims to the people allowed to see them, move claims through their
            repair workflows, and produce dashboards, reports, PDF exports and window tags.
          </li>
          <li>
            To send the emails the service needs: password resets, welcome messages for new accounts,
            mentions, assignments and status changes, authorization requests and decisions, and invoices your
            organization sends.
          </li>
          <li>
            To keep accounts and records safe: check who you are at login, slow down password guessing,
            investigate suspicious activity and keep the audit trail.
          </li>
          <li>To answer your support requests and bug reports, and to fix what goes wrong.</li>
          <li>
            To keep the service reliable and fast, using error and performance measurements that describe the
            system, not you.
          </li>
          <li>To meet our legal obligations.</li>
        </ul>
        <p>
          We never sell personal information or use it for advertising. Where data-protection law asks for a
          legal basis, ours are the contract with your organization (providing the service), our legitimate
          interest in keeping the service secure and supported, and compliance with the law.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    body: (
      <>
        <p>
          FleetClaims sets exactly one cookie: a session cookie named <code>fc_session</code>, created when
          you log in. It holds a random identifier of your session, not your name or your password. Scripts
          cannot read it, and it is only sent to FleetClaims itself. Your session ends when you log out, after
          two hours without activity, and in any case 24 hours after you logged in.
        </p>
        <p>
          Because this cookie is strictly necessary to log in, it does not need your consent, and there is no
          cookie banner to click through. We set no analytics, advertising or third-party cookies.
        </p>
        <p>
          Your browser also keeps one display preference in its local storage: whether you collapsed the
          sidebar. It never leaves your device, and clearing your browser’s site data removes it.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <ul>
          <li>
            <strong>People in your organization.</strong> Other users see records according to their role and
            the companies they are linked to. Administrators can see every record and may act as another user
            to help them; every such session is recorded in the audit log.
          </li>
          <li>
            <strong>Repair facilities.</strong> When your organization sends a vehicle to a repair facility,
            the details the facility needs to do the work (the vehicle, the claim number, the work requested,
            its status and who to contact) may be shared with it, by your organization’s users or through the
            integrations below.
          </li>
          <li>
            <strong>Integrations your organization connects.</strong> CCC ONE and Tekmetric exchange
            estimates, repair orders and authorizations with FleetClaims only after an administrator connects
            them, and only for the vehicles and shops involved. Their own privacy policies apply to what they
            hold.
          </li>
          <li>
            <strong>Window tags.</strong> A printed window tag links to a public page that shows only the
            claim number, the unit number, the end of the VIN, the repair facility, the status and the
            expected completion date. It shows no costs, driver details or other personal information, and its
            address cannot be guessed.
          </li>
          <li>
            <strong>Service providers.</strong> The companies that host our servers and database and deliver
            our emails, under contracts that let them use the information only to provide their service to us.
          </li>
          <li>
            <strong>When the law requires it.</strong> If we must answer a valid legal request, or to protect
            someone’s safety or rights. If FleetClaims is ever sold or merged, the new operator takes on this
            policy and we will tell your organization first.
          </li>
        </ul>
        <p>We do not sell or rent personal information to anyone.</p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <ul>
        <li>
          <strong>Fleet and claim records</strong> are kept while your organization’s subscription lasts,
          unless your organization deletes them sooner. When the subscription ends, your organization can
          export its records, and we delete them within 90 days.
        </li>
        <li>
          <strong>Your account</strong> is kept while your organization keeps it. An administrator can
          deactivate it at any time; your name stays on the claims and changes you made so that their history
          remains accurate, until your organization’s records are deleted.
        </li>
        <li>
          <strong>Sessions and security counters</strong> are deleted within about an hour of expiring.
          Password-reset links work for one hour and are deleted once used or expired.
        </li>
        <li>
          <strong>The audit log</strong> is part of each record’s history and is kept, and deleted, with the
          records it describes.
        </li>
        <li>
          <strong>Support messages and bug reports</strong> are kept while we work on them and for up to 24
          months afterwards, so that we can follow up on repeated problems.
        </li>
      </ul>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <>
        <p>
          Connections to FleetClaims are encrypted. Passwords are hashed with Argon2, a slow, salted algorithm
          made for this purpose. The session cookie cannot be read by scripts, and the server refuses
          state-changing requests sent from other websites. Every request is checked on the server against
          your role and the companies you are linked to, not only hidden in the screens. Repeated failed
          logins and password-reset requests are slowed down, integration secrets are stored encrypted, and
          changes are recorded in the audit log.
        </p>
        <p>
          No system is perfectly secure. If we learn of a breach that affects your information, we will tell
          your organization without undue delay, so that it can inform you and the authorities as the law
          requires.
        </p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights and choices',
    body: (
      <>
        <p>
          Depending on where you live, you may have the right to see the information held about you, to have
          it corrected or deleted, to receive a copy in a portable format, to object to or restrict some uses,
          and to complain to your data-protection authority. We do not sell personal information or share it
          for advertising, so there is nothing to opt out of on that front.
        </p>
        <p>
          You can correct your own name, email address and photo at any time under Edit Profile. Because your
          organization controls its fleet and claim records, please send other requests to your administrator
          first; we help your organization answer them. For the information we control ourselves, or if you
          are unsure whom to ask, <Link href="/support">contact us</Link>. We answer within 30 days.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        FleetClaims is a tool for work. It is not meant for children, and accounts are only for adults acting
        for their organization.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        When we change this policy we update the date at the top. If a change affects how your information is
        used in a significant way, we tell your organization’s administrators at least 30 days before it takes
        effect, in the app or by email.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        Questions about this policy or about your information are welcome on our{' '}
        <Link href="/support">support page</Link>. The <Link href="/terms">Terms of Use</Link> explain the
        rules for using FleetClaims.
      </p>
    ),
  },
];

export function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated={PRIVACY_POLICY_UPDATED}
      intro={
        <p>
          This policy explains what information FleetClaims holds about the people who use it and the vehicles
          and repairs they track, why we hold it, who sees it, how long we keep it, and what you can do about
          it. We have tried to write it in plain language.
        </p>
      }
      sections={sections}
    />
  );
}
