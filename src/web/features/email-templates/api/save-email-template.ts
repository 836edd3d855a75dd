import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailTemplate, EmailTemplateContent, EmailTemplateKey } from '@shared/email-templates';

import { apiRequest } from '../../../lib/api-client';
import { EMAIL_TEMPLATES_QUERY_KEY } from './get-email-templates';
import { emailTemplateQueryOptions } from './get-email-template';

export type SaveEmailTemplateInput = { key: EmailTemplateKey; content: EmailTemplateContent };

/** `PUT /api/email-templates/{key}`: the administrators' version replaces the default from now on. */
export async function saveEmailTemplate({ key, content }: SaveEmailTemplateInput): Promise<EmailTemplate> {
  const res = await apiRequest('PUT', `/api/email-templates/${encodeURIComponent(key)}`, content);
  return (await res.json()) as EmailTemplate;
}

export function useSaveEmailTemplateMutation() {
  const client = useQueryClient();
  return useMutation<EmailTemplate, Error, SaveEmailTemplateInput>({
    mutationFn: saveEmailTemplate,
    onSuccess: (saved) => {
      client.setQueryData(emailTemplateQueryOptions(saved.key).queryKey, saved);
      return client.invalidateQueries({ queryKey: [...EMAIL_TEMPLATES_QUERY_KEY, 'list'] });
    },
  });
}
