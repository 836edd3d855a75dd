import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { EmailTemplateContent, EmailTemplateKey, RenderedEmail } from '@shared/email-templates';

import { apiRequest } from '../../../lib/api-client';
import { EMAIL_TEMPLATES_QUERY_KEY } from './get-email-templates';

/** `POST /api/email-templates/{key}/preview`: the draft rendered with the template's sample data. */
export async function previewEmailTemplate(
  key: EmailTemplateKey,
  content: EmailTemplateContent,
): Promise<RenderedEmail> {
  const res = await apiRequest('POST', `/api/email-templates/${encodeURIComponent(key)}/preview`, content);
  return (await res.json()) as RenderedEmail;
}

/** A pure rendering, so it is cached like a read: the same draft is never rendered twice. */
export const emailPreviewQueryOptions = (key: EmailTemplateKey, content: EmailTemplateContent) =>
  queryOptions({
    queryKey: [...EMAIL_TEMPLATES_QUERY_KEY, 'preview', key, content],
    queryFn: () => previewEmailTemplate(key, content),
    // The last preview stays in view while the next one renders.
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export function useEmailPreview(
  key: EmailTemplateKey,
  content: EmailTemplateContent,
  { enabled }: { enabled: boolean },
) {
  return useQuery({ ...emailPreviewQueryOptions(key, content), enabled });
}
