import type { ComponentProps } from 'react';
import { InboxIcon } from 'lucide-react';
import { CONTACT_STATUSES, listContactSubmissionsQuerySchema, type ContactSubmission } from '@shared/support';

import { useContactSubmissions, type ContactStatus } from '../api/get-contact-submissions';
import { ContactSubmissionSheet } from './contact-submission-sheet';
import { contactSubmissionColumns } from './contact-submissions-table';
import { CONTACT_STATUS_LABELS } from './support-badges';
import { SupportList, type SupportListConfig } from './support-list';

const CONTACT_SUBMISSIONS_LIST: SupportListConfig<ContactSubmission, ContactStatus> = {
  schema: listContactSubmissionsQuerySchema.omit({ pageSize: true }),
  useList: useContactSubmissions,
  statuses: CONTACT_STATUSES,
  statusLabels: CONTACT_STATUS_LABELS,
  toolbar: {
    label: 'Filter contact submissions',
    searchLabel: 'Search contact submissions',
    searchPlaceholder: 'Search name, email, company or message',
  },
  tableLabel: 'Contact submissions',
  loadingLabel: 'Loading contact submissions',
  columns: contactSubmissionColumns,
  rowProps: (submission) =>
    ({ 'data-new': submission.status === 'new' || undefined }) as ComponentProps<'tr'>,
  noun: ['message', 'messages'],
  icon: <InboxIcon />,
  messages: {
    loadError: 'The contact submissions could not be loaded',
    pastEnd: 'There are no messages on this page',
    noMatch: 'No messages match these filters',
    none: 'No messages yet',
  },
  emptyText: 'What people send from the public support page lands here, and every administrator is notified.',
  Sheet: ContactSubmissionSheet,
};

/** Contact Submissions: the support page's messages, newest first, with search, status and paging. */
export function ContactSubmissions() {
  return <SupportList config={CONTACT_SUBMISSIONS_LIST} />;
}
