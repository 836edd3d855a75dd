import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailTemplate } from '@shared/email-templates';

import { apiRequest } from '../../../lib/api-client';

/** Every email template query (the list, one template, previews) lives under this key. */
export const EMAIL_TEMPLATES_QUERY_KEY = ['/api/email-templates'] as const;

export async function getEmailTemplates(): Promise<EmailTemplate[]> {
  const res = await apiRequest('GET', '/api/email-templates');
  return (await res.json()) as EmailTemplate[];
}

export const emailTemplatesQueryOptions = () =>
  queryOptions({ queryKey: [...EMAIL_TEMPLATES_QUERY_KEY, 'list'], queryFn: getEmailTemplates });

/** Every template the product sends, with its default or the administrators' version. */
export function useEmailTemplates() {
  return useQuery(emailTemplatesQueryOptions());
}
