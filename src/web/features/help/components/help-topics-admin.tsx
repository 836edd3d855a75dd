import {
  Building2Icon,
  CableIcon,
  ChartColumnIcon,
  FileInputIcon,
  ReceiptTextIcon,
  UserRoundIcon,
  UsersIcon,
} from 'lucide-react';
import { Link } from 'wouter';

import type { HelpTopic } from './help-section';
import { RolesTable } from './roles-table';

/** Reports, records, integrations, people and your own account. */
export const ADMIN_TOPICS: HelpTopic[] = [
  {
    id: 'reports',
    title: 'Reports',
    icon: ChartColumnIcon,
    body: (
      <>
        <p>
          <Link href="/reports">Reports</Link> turn claims into numbers. Choose the dates, company, location,
          workflow and repair facility, then read:
        </p>
        <ul>
          <li>claim volume over time;</li>
          <li>cycle time and downtime by repair facility and by location;</li>
          <li>estimates against final costs;</li>
          <li>spend by company, location and facility;</li>
          <li>how long claims spend in each status.</li>
        </ul>
        <p>Each chart has its table underneath. Export a report as CSV or PDF.</p>
      </>
    ),
  },
  {
    id: 'locations-companies',
    title: 'Locations and Companies',
    icon: Building2Icon,
    body: (
      <>
        <p>
          <strong>Companies</strong> are the fleet owners; <strong>locations</strong> are where their vehicles
          are based. You see only the companies you are linked to (administrators see all of them).
        </p>
        <p>
          Managers and administrators open a dashboard for each company and location: open claims, downtime
          and spend. Administrators create and edit companies and locations.
        </p>
      </>
    ),
  },
  {
    id: 'accounting',
    title: 'Accounting',
    icon: ReceiptTextIcon,
    body: (
      <>
        <p>
          Administrators invoice completed claims in <Link href="/admin/accounts-receivable">Accounting</Link>
          . An invoice is a draft until it is sent, then partially paid or paid as payments are recorded
          (amount, date, method and reference); a wrong invoice is voided, not deleted.
        </p>
        <ul>
          <li>
            Aging shows what each company owes: current, 1–30, 31–60, 61–90 and more than 90 days past due.
          </li>
          <li>Send an invoice by email, download it as PDF, or export the list as CSV.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'ccc',
    title: 'CCC Integration',
    icon: FileInputIcon,
    body: (
      <>
        <p>
          <Link href="/repair-facilities">CCC Integration</Link> lists the repair facilities (collision,
          mechanical or both) with how they perform: cycle time, average cost and comeback rate.
        </p>
        <p>
          To bring in a CCC ONE estimate, export it from CCC ONE as a CIECA BMS XML file and import the file.
          FleetClaims finds the claim by claim number, insurer claim number or VIN, adds the estimate with its
          lines and updates the claim’s estimate amount. The import log shows what happened to each file, and
          why a file was refused.
        </p>
      </>
    ),
  },
  {
    id: 'tekmetric',
    title: 'Tekmetric',
    icon: CableIcon,
    body: (
      <>
        <p>
          <Link href="/tekmetric-admin">Tekmetric Admin</Link> connects FleetClaims to the shops that use
          Tekmetric. An administrator enters the environment, client id, secret (stored encrypted) and shop
          ids, tests the connection and matches each Tekmetric shop to a repair facility.
        </p>
        <p>
          Repair orders for your fleet’s vehicles (matched by VIN) then arrive as mechanical claims with their
          estimates and authorization requests. The sync runs on a schedule and on demand; the sync log shows
          each run.
        </p>
      </>
    ),
  },
  {
    id: 'users',
    title: 'User Management, roles and permissions',
    icon: UsersIcon,
    body: (
      <>
        <p>
          Only administrators create accounts, in <Link href="/users">User Management</Link>. A new user gets
          either an email with a link to choose a password, or a temporary password from the administrator
          that must be replaced at the first login. Administrators also change roles and companies, send a
          password reset email, deactivate and reactivate accounts, and can <strong>impersonate</strong> a
          user to see exactly what they see: a red banner stays on top until “Return to Admin”.
        </p>
        <p>Managers and viewers work only with the companies they are linked to. What each role may do:</p>
        <RolesTable />
      </>
    ),
  },
  {
    id: 'profile',
    title: 'Edit Profile and passwords',
    icon: UserRoundIcon,
    body: (
      <>
        <p>
          <Link href="/profile">Edit Profile</Link> holds your name, your email address (where reset links and
          notifications go) and your photo. Your username cannot change.
        </p>
        <ul>
          <li>Change your password there; it needs at least 6 characters.</li>
          <li>
            Forgot it? Use “Forgot your password?” on the login page. The emailed link works once, for one
            hour; you can ask for it up to 5 times an hour.
          </li>
          <li>
            Changing or resetting your password signs you out on your other devices. If a page says your
            session expired, log in again.
          </li>
        </ul>
      </>
    ),
  },
];
