import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactSubmission } from '@shared/support';

import { apiRequest } from '../../../lib/api-client';
import { supportListSearchParams, type Paged, type SupportListFilter } from './list-filter';

export type ContactStatus = ContactSubmission['status'];
export type ContactSubmissionsFilter = SupportListFilter<ContactStatus>;
export type ContactSubmissionList = Paged<ContactSubmission>;

/** Every contact submission query (lists and details) lives under this key. */
export const CONTACT_SUBMISSIONS_QUERY_KEY = ['/api/contact-submissions'] as const;

export async function getContactSubmissions(
  filter: ContactSubmissionsFilter,
): Promise<ContactSubmissionList> {
  const res = await apiRequest(
    'GET',
    `/api/contact-submissions?${supportListSearchParams(filter).toString()}`,
  );
  return (await res.json()) as ContactSubmissionList;
}

export const contactSubmissionsQueryOptions = (filter: ContactSubmissionsFilter) =>
  queryOptions({
    queryKey: [...CONTACT_SUBMISSIONS_QUERY_KEY, 'list', filter],
    queryFn: () => getContactSubmissions(filter),
    placeholderData: keepPreviousData,
  });

export function useContactSubmissions(filter: ContactSubmissionsFilter) {
  return useQuery(contactSubmissionsQueryOptions(filter));
}
