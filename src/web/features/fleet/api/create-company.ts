import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Company, CompanyValues } from '@shared/fleet';

import { apiRequest } from '../../../lib/api-client';
import { useSubmissionKey } from '../../../lib/submission-key';
import { invalidateCompanies } from './update-company';

export async function createCompany(body: CompanyValues, idempotencyKey?: string): Promise<Company> {
  const res = await apiRequest('POST', '/api/companies', body, { idempotencyKey });
  return (await res.json()) as Company;
}

/** `POST /api/companies` (admins); the caller words the toasts and puts field errors on its form. */
export function useCreateCompanyMutation() {
  const client = useQueryClient();
  return useMutation<Company, Error, CompanyValues>({
    mutationFn: useSubmissionKey(createCompany),
    onSuccess: () => invalidateCompanies(client),
  });
}
