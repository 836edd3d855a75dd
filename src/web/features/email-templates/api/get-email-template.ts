import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailTemplate, EmailTemplateKey } from '@shared/email-templates';

import { apiRequest } from '../../../lib/api-client';
import { EMAIL_TEMPLATES_QUERY_KEY } from './get-email-templates';

export async function getEmailTemplate(key: EmailTemplateKey): Promise<EmailTemplate> {
  const res = await apiRequest('GET', `/api/email-templates/${encodeURIComponent(key)}`);
  return (await res.json()) as EmailTemplate;
}

export const emailTemplateQueryOptions = (key: EmailTemplateKey) =>
  queryOptions({
    queryKey: [...EMAIL_TEMPLATES_QUERY_KEY, 'detail', key],
    queryFn: () => getEmailTemplate(key),
    // The editor copies the template into its form once; refetching under it would change nothing shown.
    refetchOnWindowFocus: false,
  });

export function useEmailTemplate(key: EmailTemplateKey) {
  return useQuery(emailTemplateQueryOptions(key));
}
