import {
  BellIcon,
  ClipboardListIcon,
  FilePlusIcon,
  LayoutDashboardIcon,
  SquareKanbanIcon,
  WrenchIcon,
} from 'lucide-react';
import { Link } from 'wouter';
import { staleRule } from '@shared/claim-board';
import { DEFAULT_STALE_CLAIM_DAYS } from '@shared/settings';

import { useStaleClaimDays } from '../../settings';
import { StatusFlow, type HelpTopic } from './help-section';

/** The board's stale rule as the board states it, with the number of days in force (a system setting). */
function StaleCardsHelp() {
  const days = useStaleClaimDays();
  return (
    <>
      A card whose claim has been in the same status for {days} {days === 1 ? 'day' : 'days'} or more is
      highlighted, so stalled repairs stand out; a note or an edit does not reset the time, only a move does.
      The board states the rule above the columns (<q>{staleRule(days)}</q>) and counts the stale cards of
      each column. The default is {DEFAULT_STALE_CLAIM_DAYS} days; an administrator can change it with{' '}
      <strong>Change</strong> next to that line.
    </>
  );
}

/** The statuses of PRODUCT.md §3, with the labels users see. */
const COLLISION_PATH = [
  'Reported',
  'Awaiting estimate',
  'Estimate review',
  'Approved',
  'Parts ordered',
  'In repair',
  'Quality check',
  'Ready for pickup',
  'Completed',
  'Closed',
];
const MECHANICAL_PATH = [
  'Reported',
  'Diagnosis',
  'Authorization requested',
  'Authorized',
  'In repair',
  'Ready for pickup',
  'Completed',
  'Closed',
];

/** The day-to-day work on claims. */
export const CLAIM_TOPICS: HelpTopic[] = [
  {
    id: 'dashboard',
    title: 'Dashboard',
    icon: LayoutDashboardIcon,
    body: (
      <>
        <p>
          The <Link href="/">Dashboard</Link> is where you land after logging in. It answers the questions of
          the day at a glance: how many claims are open in each workflow and status, which vehicles are down
          right now, the average cycle time over the last 90 days, which claims are past their estimated
          completion date, which mechanical authorizations wait for a decision, the claims assigned to you,
          and what changed recently.
        </p>
        <p>
          Select a number or a row to open the claims behind it. The <strong>Fleet Dashboard</strong> shows
          one fleet company in detail: vehicles down with their status and ETA, downtime, spend this year and
          claims per location.
        </p>
      </>
    ),
  },
  {
    id: 'all-claims',
    title: 'All Claims and search',
    icon: ClipboardListIcon,
    body: (
      <>
        <p>
          <Link href="/vehicles">All Claims</Link> lists every claim of the companies you work with. The
          search finds a claim by its claim number (for example <strong>CLM-000123</strong>), VIN, unit
          number, plate, make and model, insurer claim number or driver name.
        </p>
        <ul>
          <li>
            The search box at the top of the sidebar works from any page: type and press <kbd>Enter</kbd>.
          </li>
          <li>
            Narrow the list by workflow, status, company, location, repair facility, assignee or date range,
            and sort by any column.
          </li>
          <li>Filters are kept in the page address, so a filtered list can be bookmarked or shared.</li>
          <li>Export the filtered list as a CSV file for a spreadsheet.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'add-claim',
    title: 'Add a claim',
    icon: FilePlusIcon,
    body: (
      <>
        <p>Managers and administrators open new claims with the Add Claim button in the sidebar.</p>
        <ol>
          <li>
            Find the vehicle by VIN, unit number or plate, or add it. A VIN has 17 characters and never
            contains I, O or Q; the year is filled in from the VIN where possible. A warning about the VIN’s
            check digit does not stop you: check the VIN and carry on if it is right.
          </li>
          <li>
            If the vehicle already has an open claim, you are shown that claim. Open it rather than creating a
            second one for the same damage.
          </li>
          <li>
            Choose the workflow: <strong>Collision</strong> for body damage, usually with an insurer, or{' '}
            <strong>Mechanical</strong> for breakdowns and repairs that need an authorization.
          </li>
          <li>
            Describe what happened and when, whether the vehicle can be driven, needs a tow or a rental, the
            priority, the repair facility, who is assigned and the insurer’s details. A field that needs
            attention says so under it.
          </li>
        </ol>
      </>
    ),
  },
  {
    id: 'claim-page',
    title: 'A claim’s page and its workflow',
    icon: WrenchIcon,
    body: (
      <>
        <p>
          A claim’s page holds everything about one repair: the summary, a status bar that shows where the
          claim stands and offers only the moves its workflow allows, the details (editable by managers and
          administrators), estimates, authorizations, photos and documents, notes, the status history, the
          vehicle’s other claims, a PDF export and the printable window tag. <strong>Claim pack</strong>{' '}
          downloads a ZIP for the insurer’s adjuster: the claim’s PDF and every photo and document as it was
          uploaded, filed in a folder per kind and named by order, day and file name.{' '}
          <strong>Send to adjuster</strong> (managers and administrators) e-mails the adjuster a link that
          downloads the pack without an account for 30 days; the same dialog lists the links sent, how often
          each was downloaded, and revokes one.
        </p>
        <p>
          <strong>Shop link</strong> (managers and administrators, on a claim with a repair facility) gives
          the shop a link, e-mailed or copied, through which it updates this claim without an account: it
          moves the claim along a shop’s moves (received, parts ordered, in repair, ready for pickup), sets
          the ETA (a later one needs a reason), adds photos and the estimate, and leaves notes. Everything it
          does is named <em>Shop: facility via link</em> in the history, the notes and the files, and the
          people following the claim are told. The claim’s ETA shows the shop’s last update; the Claim Manager
          flags a shop quiet for 3 days. A link works until it is revoked, 7 days after the claim ends, or
          until the claim moves to another facility.
        </p>
        <h3>Collision workflow</h3>
        <StatusFlow label="Collision workflow" steps={COLLISION_PATH} />
        <p>
          From In repair a claim can go to <strong>Supplement review</strong> when the shop finds more damage,
          and back. A claim in Estimate review or Approved can be declared a <strong>Total loss</strong>.
        </p>
        <h3>Mechanical workflow</h3>
        <StatusFlow label="Mechanical workflow" steps={MECHANICAL_PATH} />
        <p>
          When the shop asks to do the work, a manager reviews the authorization request (the amount and the
          lines) and approves it, approves part of it or declines it; deciding moves the claim on. A declined
          claim goes back to Diagnosis or is cancelled.
        </p>
        <p>
          In Diagnosis, <strong>Request authorization</strong> lists the work the shop proposes, line by line
          with its amount. When the company has an auto-approval limit (set on the Companies screen) and the
          amount is at or under it, the request is approved at once and the claim is Authorized. Otherwise the
          company’s managers are notified, and <strong>Review authorization</strong> opens the request: untick
          lines to approve only part of the work (the approved amount is the lines kept), or decline it with a
          reason.
        </p>
        <h3>Estimates</h3>
        <p>
          Add the shop’s estimate line by line: what each line is for (part, labour, paint &amp; refinish,
          sublet or other), quantity, unit price and labour hours. The totals follow as you type; labour is
          priced at the repair facility’s rate when it has one. Later changes are added as supplements
          (Supplement 1, 2, …). Approving an estimate makes the claim’s estimate amount the latest approved
          estimate’s total; an approved or rejected estimate no longer changes.
        </p>
        <h3>In both workflows</h3>
        <ul>
          <li>
            Any open claim can be put <strong>On hold</strong> and later resumed, or{' '}
            <strong>Cancelled</strong>.
          </li>
          <li>
            Every move is kept in the status history with who made it and when, and the assignee and the
            claim’s watchers are notified.
          </li>
          <li>
            If someone else saved the claim while you were editing it, FleetClaims says so instead of
            overwriting their change: reload, then make your change again.
          </li>
          <li>
            Photos, estimates, invoices and other documents go under <strong>Attachments</strong>: drop
            several files at once or choose them, check the kind each was given, and upload. FleetClaims
            checks what each file really is (not just its name), shows pictures as thumbnails that open in a
            gallery (← and → move, Esc closes) and keeps every original for download.
          </li>
          <li>
            The window tag is a printable page for the vehicle (a Letter or A4 sheet, or a 4×6 label) with a
            QR code to the claim. Anyone holding the tag can open its page, so it shows no costs and no
            personal details.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'claim-manager',
    title: 'Claim Manager board',
    icon: SquareKanbanIcon,
    body: (
      <>
        <p>
          The <Link href="/claim-manager">Claim Manager</Link> shows open claims as cards in columns, one
          column per status, with a tab for each workflow. Drag a card to another column to move the claim; a
          column that the claim cannot move to is dimmed and does not accept it.
        </p>
        <ul>
          <li>
            Each column starts with the claims that have been in that status longest;{' '}
            <strong>Show more</strong> loads the next ones. A card shows how long the claim has been in its
            status (4 d is four days).
          </li>
          <li>
            With the keyboard, tab to a card&apos;s handle, press Space, step with the Left and Right arrow
            keys through the statuses the claim can move to (the columns, then the moves that take it off the
            board, such as Cancelled) and press Space again. The <strong>Move to</strong> menu on each card
            offers the same moves, and is the easiest way on a phone.
          </li>
          <li>
            Completing, cancelling or writing off a claim takes it off the board, so FleetClaims asks first;
            drag the card to the bar that appears at the bottom of the screen, or use its menu.
          </li>
          <li>Filter the board by company, location, facility or assignee, or show only your claims.</li>
          <li>
            <StaleCardsHelp />
          </li>
          <li>
            <strong>Compact columns</strong> narrows every column and shortens the cards to claim number, unit
            and days in status, so the whole workflow fits on one screen. FleetClaims remembers the choice for
            you in this browser.
          </li>
          <li>Viewers see the board but cannot move claims.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'notifications',
    title: 'Notifications and @mentions',
    icon: BellIcon,
    body: (
      <>
        <p>
          The bell at the top of every page shows how many notifications you have not read yet (9+ above
          nine). Select a notification to open its claim and mark it read, or use its check button to mark it
          read without leaving the page. <strong>View All</strong> opens the{' '}
          <Link href="/notifications">Notifications</Link> page.
        </p>
        <p>You are notified when:</p>
        <ul>
          <li>someone mentions you in a note;</li>
          <li>a claim is assigned to you, or a claim you are assigned to or watch changes status;</li>
          <li>a mechanical authorization waits for your decision, or yours was decided.</li>
        </ul>
        <p>
          To mention someone, type <strong>@</strong> in a claim note and pick their name from the
          suggestions. They get a notification and an email with a link to the claim. Notes are plain text:
          what you type is shown exactly as written.
        </p>
      </>
    ),
  },
];
