import { useMutation } from '@tanstack/react-query';
import type { EmailTemplateContent, EmailTemplateKey } from '@shared/email-templates';
import type { QueuedMailResponse } from '@shared/mail-outbox';

import { apiRequest } from '../../../lib/api-client';

export type SendTestEmailInput = { key: EmailTemplateKey; content: EmailTemplateContent };

/**
 * `POST /api/email-templates/{key}/test`: queues the draft, with sample data, for the administrator; the answer
 * says whether it is queued or held (no mail server).
 */
export async function sendTestEmail({ key, content }: SendTestEmailInput): Promise<QueuedMailResponse> {
  const res = await apiRequest('POST', `/api/email-templates/${encodeURIComponent(key)}/test`, content);
  return (await res.json()) as QueuedMailResponse;
}

export function useSendTestEmailMutation() {
  return useMutation<QueuedMailResponse, Error, SendTestEmailInput>({ mutationFn: sendTestEmail });
}
