import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailTemplate, EmailTemplateKey } from '@shared/email-templates';

import { apiRequest } from '../../../lib/api-client';
import { EMAIL_TEMPLATES_QUERY_KEY } from './get-email-templates';
import { emailTemplateQueryOptions } from './get-email-template';

/** `DELETE /api/email-templates/{key}`: back to the default text, which the server answers with. */
export async function resetEmailTemplate(key: EmailTemplateKey): Promise<EmailTemplate> {
  const res = await apiRequest('DELETE', `/api/email-templates/${encodeURIComponent(key)}`);
  return (await res.json()) as EmailTemplate;
}

export function useResetEmailTemplateMutation() {
  const client = useQueryClient();
  return useMutation<EmailTemplate, Error, EmailTemplateKey>({
    mutationFn: resetEmailTemplate,
    onSuccess: (reset) => {
      client.setQueryData(emailTemplateQueryOptions(reset.key).queryKey, reset);
      return client.invalidateQueries({ queryKey: [...EMAIL_TEMPLATES_QUERY_KEY, 'list'] });
    },
  });
}
