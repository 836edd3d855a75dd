import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactSubmission } from '@shared/support';

import { apiRequest } from '../../../lib/api-client';
import { CONTACT_SUBMISSIONS_QUERY_KEY } from './get-contact-submissions';

export async function getContactSubmission(id: string): Promise<ContactSubmission> {
  const res = await apiRequest('GET', `/api/contact-submissions/${encodeURIComponent(id)}`);
  return (await res.json()) as ContactSubmission;
}

export const contactSubmissionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...CONTACT_SUBMISSIONS_QUERY_KEY, 'detail', id],
    queryFn: () => getContactSubmission(id),
  });

/** One message, fresh from the server; `shown` (the list's row) fills the view until it answers. */
export function useContactSubmission(id: string | undefined, shown?: ContactSubmission) {
  return useQuery({
    ...contactSubmissionQueryOptions(id ?? ''),
    enabled: Boolean(id),
    placeholderData: shown,
  });
}
