import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutboxMail } from '@shared/mail-outbox';

import { apiRequest } from '../../../lib/api-client';
import { OUTBOX_QUERY_KEY } from './get-outbox';

/** `POST /api/mail-outbox/{id}/resend`: queued again as new; it leaves the list (it is on its way). */
export async function resendMail(id: string): Promise<OutboxMail> {
  const res = await apiRequest('POST', `/api/mail-outbox/${encodeURIComponent(id)}/resend`);
  return (await res.json()) as OutboxMail;
}

export function useResendMailMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resendMail,
    onSettled: () => client.invalidateQueries({ queryKey: OUTBOX_QUERY_KEY }),
  });
}
