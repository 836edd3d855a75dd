import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailDelivery, mailDeliveryTitle, type OutboxMail } from '@shared/mail-outbox';

import { toast } from '../../../hooks/use-toast';
import { apiRequest } from '../../../lib/api-client';
import { OUTBOX_QUERY_KEY } from './get-outbox';

/**
 * `POST /api/mail-outbox/{id}/resend`: queued again as new, and it leaves the list (it is on its way); without a
 * mail server it stays held, and the answer says so.
 */
export async function resendMail(id: string): Promise<OutboxMail> {
  const res = await apiRequest('POST', `/api/mail-outbox/${encodeURIComponent(id)}/resend`);
  return (await res.json()) as OutboxMail;
}

/**
 * Resend, and a toast that says what became of the mail. The toasts live here, not in the row's `mutate`
 * callbacks: a resent mail leaves the list, its row unmounts, and a row's callbacks would never run.
 */
export function useResendMailMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resendMail,
    onSuccess: (mail) => {
      // The answer's status is pending (queued for the mail server) or held (none is configured).
      const delivery = mailDelivery(mail.status, true);
      toast({
        title: mailDeliveryTitle('Mail', delivery),
        description:
          delivery === 'held'
            ? `No mail server is configured (SMTP_URL), so “${mail.subject}” to ${mail.to} stays in the outbox. Resend it once a mail server is set up.`
            : `“${mail.subject}” to ${mail.to} goes out on the next delivery.`,
      });
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Could not resend the mail', description: error.message }),
    onSettled: () => client.invalidateQueries({ queryKey: OUTBOX_QUERY_KEY }),
  });
}
