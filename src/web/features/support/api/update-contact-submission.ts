import type { ContactSubmission } from '@shared/support';

import { apiRequest } from '../../../lib/api-client';
import { CONTACT_SUBMISSIONS_QUERY_KEY, type ContactStatus } from './get-contact-submissions';
import { useOptimisticStatusMutation } from './optimistic-status';

export type UpdateContactSubmissionInput = { id: string; status: ContactStatus };

export async function updateContactSubmission({
  id,
  status,
}: UpdateContactSubmissionInput): Promise<ContactSubmission> {
  const res = await apiRequest('PATCH', `/api/contact-submissions/${encodeURIComponent(id)}`, { status });
  return (await res.json()) as ContactSubmission;
}

/** Marks a message contacted or closed; the change shows at once and rolls back on failure. */
export function useUpdateContactSubmissionMutation() {
  return useOptimisticStatusMutation<ContactSubmission, ContactStatus>(
    CONTACT_SUBMISSIONS_QUERY_KEY,
    updateContactSubmission,
  );
}
