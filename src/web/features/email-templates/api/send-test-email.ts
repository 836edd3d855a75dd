import { useMutation } from '@tanstack/react-query';
import type { EmailTemplateContent, EmailTemplateKey } from '@shared/email-templates';

import { apiRequest } from '../../../lib/api-client';

export type SendTestEmailInput = { key: EmailTemplateKey; content: EmailTemplateContent };

/** `POST /api/email-templates/{key}/test`: mails the draft, with sample data, to the administrator. */
export async function sendTestEmail({ key, content }: SendTestEmailInput): Promise<{ message: string }> {
  const res = await apiRequest('POST', `/api/email-templates/${encodeURIComponent(key)}/test`, content);
  return (await res.json()) as { message: string };
}

export function useSendTestEmailMutation() {
  return useMutation<{ message: string }, Error, SendTestEmailInput>({ mutationFn: sendTestEmail });
}
