import { MailIcon } from 'lucide-react';
import type { ContactSubmission } from '@shared/support';
import { CONTACT_STATUSES, CONTACT_TOPIC_LABELS } from '@shared/support';

import { Button } from '../../../components/ui/button';
import { DetailList, DetailSheet, useLastShown, WrittenText } from '../../../components/data-list';
import { SheetFooter } from '../../../components/ui/sheet';
import { toast } from '../../../hooks/use-toast';
import { useContactSubmission } from '../api/get-contact-submission';
import { useUpdateContactSubmissionMutation } from '../api/update-contact-submission';
import { CONTACT_STATUS_LABELS } from './support-badges';
import { DateTime, StatusSelect } from './support-detail';

const linkClass =
  'text-primary rounded-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50';

function replyHref(submission: ContactSubmission) {
  const subject = `Re: your FleetClaims ${submission.topic === 'demo' ? 'demo request' : 'message'}`;
  return `mailto:${submission.email}?subject=${encodeURIComponent(subject)}`;
}

function SubmissionDetails({
  submission,
  onChangeStatus,
}: {
  submission: ContactSubmission;
  onChangeStatus: (status: ContactSubmission['status']) => void;
}) {
  return (
    <>
      <div className="grid gap-6 overflow-y-auto px-4 pb-2">
        <StatusSelect
          value={submission.status}
          statuses={CONTACT_STATUSES}
          labels={CONTACT_STATUS_LABELS}
          onChange={onChangeStatus}
        />
        <DetailList
          labels="narrow"
          rows={[
            {
              label: 'Email',
              value: (
                <a href={`mailto:${submission.email}`} className={linkClass}>
                  {submission.email}
                </a>
              ),
            },
            { label: 'Company', value: submission.company },
            {
              label: 'Phone',
              value: submission.phone && (
                <a href={`tel:${submission.phone.replace(/[^0-9+]/g, '')}`} className={linkClass}>
                  {submission.phone}
                </a>
              ),
            },
            { label: 'Topic', value: CONTACT_TOPIC_LABELS[submission.topic] },
            { label: 'Received', value: <DateTime at={submission.createdAt} /> },
            { label: 'Last changed', value: <DateTime at={submission.updatedAt} /> },
          ]}
        />
        <WrittenText label="Message">{submission.message}</WrittenText>
      </div>
      <SheetFooter className="border-t">
        <Button asChild>
          <a href={replyHref(submission)}>
            <MailIcon aria-hidden="true" />
            Reply by email
          </a>
        </Button>
      </SheetFooter>
    </>
  );
}

/** One message in full, beside the list, with its status. */
export function ContactSubmissionSheet({
  shown,
  onOpenChange,
}: {
  /** The message as the list shows it; the sheet is open while there is one. */
  shown: ContactSubmission | null;
  onOpenChange: (open: boolean) => void;
}) {
  // Keeps showing the last message while the sheet slides out.
  const last = useLastShown(shown);
  const detail = useContactSubmission(shown?.id, shown ?? undefined);
  const submission = (shown && detail.data) || last;

  // Here rather than in the details, so the outcome is told even if the sheet was closed meanwhile.
  const mutation = useUpdateContactSubmissionMutation();
  const changeStatus = (id: string, name: string, status: ContactSubmission['status']) =>
    mutation.mutate(
      { id, status },
      {
        onSuccess: () =>
          toast({
            title: 'Status updated',
            description: `${name}'s message is now ${CONTACT_STATUS_LABELS[status]}.`,
          }),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Could not change the status', description: error.message }),
      },
    );

  return (
    <DetailSheet
      open={shown !== null}
      title={submission?.name ?? 'Message'}
      description={submission ? `${CONTACT_TOPIC_LABELS[submission.topic]} · ${submission.email}` : null}
      className="gap-2"
      onOpenChange={onOpenChange}
    >
      {submission && (
        <SubmissionDetails
          key={submission.id}
          submission={submission}
          onChangeStatus={(status) => changeStatus(submission.id, submission.name, status)}
        />
      )}
    </DetailSheet>
  );
}
