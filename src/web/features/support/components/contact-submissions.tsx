import { useState } from 'react';
import { InboxIcon } from 'lucide-react';
import type { ContactSubmission } from '@shared/support';
import { CONTACT_STATUSES } from '@shared/support';

import { Button } from '../../../components/ui/button';
import { useContactSubmissions } from '../api/get-contact-submissions';
import { SUPPORT_PAGE_SIZE } from '../api/list-filter';
import { useSupportListFilter } from '../hooks/use-support-list-filter';
import { ContactSubmissionSheet } from './contact-submission-sheet';
import { ContactSubmissionsTable, ContactSubmissionsTableSkeleton } from './contact-submissions-table';
import { CONTACT_STATUS_LABELS } from './support-badges';
import { ListEmpty, ListLoadError } from '../../../components/list-states';
import { SupportListToolbar } from './support-list-toolbar';
import { ListPagination } from '../../../components/list-pagination';

/** Contact Submissions: the support page's messages, newest first, with search, status and paging. */
export function ContactSubmissions() {
  const { filter, setFilter, clearFilters, filtered } = useSupportListFilter(CONTACT_STATUSES);
  const submissions = useContactSubmissions(filter);
  const [opened, setOpened] = useState<ContactSubmission | null>(null);
  const list = submissions.data;
  // The row as the list shows it now (a status change updates it), else as it was when opened.
  const shown = opened && (list?.items.find((item) => item.id === opened.id) ?? opened);

  return (
    <div className="grid gap-4">
      <SupportListToolbar
        label="Filter contact submissions"
        searchLabel="Search contact submissions"
        searchPlaceholder="Search name, email, company or message"
        statuses={CONTACT_STATUSES}
        statusLabels={CONTACT_STATUS_LABELS}
        filter={filter}
        filtered={filtered}
        onChange={setFilter}
        onClear={clearFilters}
      />
      <div className="bg-card overflow-hidden rounded-xl border shadow-xs">
        {submissions.isPending ? (
          <ContactSubmissionsTableSkeleton />
        ) : submissions.isError && !list ? (
          <ListLoadError
            title="The contact submissions could not be loaded"
            message={submissions.error.message}
            retrying={submissions.isFetching}
            onRetry={() => void submissions.refetch()}
          />
        ) : list && list.items.length > 0 ? (
          <div aria-busy={submissions.isPlaceholderData} className="transition-opacity aria-busy:opacity-60">
            <ContactSubmissionsTable submissions={list.items} onOpen={setOpened} />
          </div>
        ) : list && list.total > 0 ? (
          <ListEmpty
            icon={<InboxIcon />}
            title="There are no messages on this page"
            action={
              <Button variant="outline" size="sm" onClick={() => setFilter({ page: 1 })}>
                Go to the first page
              </Button>
            }
          />
        ) : filtered ? (
          <ListEmpty
            icon={<InboxIcon />}
            title="No messages match these filters"
            action={
              <Button variant="outline" size="sm" onClick={clearFilters}>
                Clear filters
              </Button>
            }
          />
        ) : (
          <ListEmpty icon={<InboxIcon />} title="No messages yet">
            What people send from the public support page lands here, and every administrator is notified.
          </ListEmpty>
        )}
      </div>
      {list && list.total > 0 && (
        <ListPagination
          page={list.page}
          pageSize={list.pageSize || SUPPORT_PAGE_SIZE}
          total={list.total}
          noun={['message', 'messages']}
          onPageChange={(page) => setFilter({ page })}
        />
      )}
      <ContactSubmissionSheet shown={shown} onOpenChange={(open) => !open && setOpened(null)} />
    </div>
  );
}
