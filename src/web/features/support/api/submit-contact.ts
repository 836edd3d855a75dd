import { useMutation } from '@tanstack/react-query';
import type { ContactRequest } from '@shared/support';

import { apiRequest } from '../../../lib/api-client';

export type ContactAnswer = { message: string };

/** `POST /api/contact`: the public contact form; the answer's message thanks the sender. */
export async function submitContact(body: ContactRequest): Promise<ContactAnswer> {
  const res = await apiRequest('POST', '/api/contact', body);
  return (await res.json()) as ContactAnswer;
}

/** Toasts are the form's business: a 429, field errors and other failures each read differently. */
export function useSubmitContactMutation() {
  return useMutation<ContactAnswer, Error, ContactRequest>({ mutationFn: submitContact });
}
