import type { ContactSubmission } from '@shared/support';
import { CONTACT_TOPIC_LABELS } from '@shared/support';

import { TableSkeleton, type SkeletonCell } from '../../../components/ui/table-skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-relative-time';
import { ContactStatusBadge } from './support-badges';

/** Columns that give way on narrow screens: sender, status and date always stay. */
const COMPANY = 'hidden lg:table-cell';
const TOPIC = 'hidden sm:table-cell';
const MESSAGE = 'hidden xl:table-cell';

function Header() {
  return (
    <TableHeader>
      <TableRow className="hover:bg-transparent">
        <TableHead className="pl-4">From</TableHead>
        <TableHead className={COMPANY}>Company</TableHead>
        <TableHead className={TOPIC}>Topic</TableHead>
        <TableHead className={`${MESSAGE} w-full`}>Message</TableHead>
        <TableHead>Status</TableHead>
        <TableHead className="pr-4 text-right">Received</TableHead>
      </TableRow>
    </TableHeader>
  );
}

/** The loading rows, cell for cell like the real ones. */
const CONTACT_SUBMISSIONS_SKELETON: SkeletonCell[] = [
  { className: 'pl-4', bars: ['h-4 w-32', 'h-3 w-40'] },
  { className: COMPANY, bars: ['h-4 w-28'] },
  { className: TOPIC, bars: ['h-4 w-24'] },
  { className: MESSAGE, bars: ['h-4 w-56'] },
  { bars: ['h-5 w-16'] },
  { className: 'pr-4', bars: ['ml-auto h-4 w-20'] },
];

export function ContactSubmissionsTableSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <TableSkeleton
      label="Loading contact submissions"
      header={<Header />}
      cells={CONTACT_SUBMISSIONS_SKELETON}
      rows={rows}
    />
  );
}

/** The messages from the support page; a row opens the message. */
export function ContactSubmissionsTable({
  submissions,
  onOpen,
}: {
  submissions: readonly ContactSubmission[];
  onOpen: (submission: ContactSubmission) => void;
}) {
  return (
    <Table aria-label="Contact submissions">
      <Header />
      <TableBody>
        {submissions.map((submission) => (
          <TableRow
            key={submission.id}
            onClick={() => onOpen(submission)}
            className="cursor-pointer"
            data-new={submission.status === 'new' || undefined}
          >
            <TableCell className="max-w-0 min-w-44 pl-4 sm:min-w-56">
              <button
                type="button"
                onClick={() => onOpen(submission)}
                className="focus-visible:ring-ring/50 block max-w-full truncate rounded-sm text-left font-medium outline-none hover:underline focus-visible:ring-[3px]"
              >
                {submission.name}
              </button>
              <p className="text-muted-foreground truncate text-xs">{submission.email}</p>
              <p className="text-muted-foreground truncate text-xs sm:hidden">
                {CONTACT_TOPIC_LABELS[submission.topic]}
              </p>
            </TableCell>
            <TableCell className={COMPANY}>
              {submission.company || <span className="text-muted-foreground">—</span>}
            </TableCell>
            <TableCell className={TOPIC}>{CONTACT_TOPIC_LABELS[submission.topic]}</TableCell>
            <TableCell className={`${MESSAGE} text-muted-foreground max-w-0 truncate`}>
              {submission.message}
            </TableCell>
            <TableCell>
              <ContactStatusBadge status={submission.status} />
            </TableCell>
            <TableCell className="text-muted-foreground pr-4 text-right">
              <time dateTime={submission.createdAt} title={formatDateTime(submission.createdAt)}>
                {formatRelativeTime(submission.createdAt)}
              </time>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
