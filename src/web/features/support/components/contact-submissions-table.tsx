import type { ContactSubmission } from '@shared/support';
import { CONTACT_TOPIC_LABELS } from '@shared/support';

import type { DataColumn } from '../../../components/data-list';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-relative-time';
import { ContactStatusBadge } from './support-badges';

/** Columns that give way on narrow screens: sender, status and date always stay. */
const COMPANY = 'hidden lg:table-cell';
const TOPIC = 'hidden sm:table-cell';
const MESSAGE = 'hidden xl:table-cell';

/** The columns of Contact Submissions; the sender's name opens the message (`onOpen`), as the row does. */
export function contactSubmissionColumns(
  onOpen: (submission: ContactSubmission) => void,
): DataColumn<ContactSubmission>[] {
  return [
    {
      id: 'from',
      header: 'From',
      className: 'pl-4',
      cellClassName: 'max-w-0 min-w-44 sm:min-w-56',
      skeleton: ['h-4 w-32', 'h-3 w-40'],
      cell: (submission) => (
        <>
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
        </>
      ),
    },
    {
      id: 'company',
      header: 'Company',
      className: COMPANY,
      skeleton: ['h-4 w-28'],
      cell: (submission) => submission.company || <span className="text-muted-foreground">—</span>,
    },
    {
      id: 'topic',
      header: 'Topic',
      className: TOPIC,
      skeleton: ['h-4 w-24'],
      cell: (submission) => CONTACT_TOPIC_LABELS[submission.topic],
    },
    {
      id: 'message',
      header: 'Message',
      className: MESSAGE,
      headerClassName: 'w-full',
      cellClassName: 'text-muted-foreground max-w-0 truncate',
      skeleton: ['h-4 w-56'],
      cell: (submission) => submission.message,
    },
    {
      id: 'status',
      header: 'Status',
      skeleton: ['h-5 w-16'],
      cell: (submission) => <ContactStatusBadge status={submission.status} />,
    },
    {
      id: 'received',
      header: 'Received',
      className: 'pr-4 text-right',
      cellClassName: 'text-muted-foreground',
      skeleton: ['ml-auto h-4 w-20'],
      cell: (submission) => (
        <time dateTime={submission.createdAt} title={formatDateTime(submission.createdAt)}>
          {formatRelativeTime(submission.createdAt)}
        </time>
      ),
    },
  ];
}
