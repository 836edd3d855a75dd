import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

import { ApiError } from './api-error';

/**
 * Puts a 400's per-field messages under the matching inputs. Returns whether any landed, so the caller
 * knows if the user was already told what to fix.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): boolean {
  if (!(error instanceof ApiError) || !error.fieldErrors) return false;
  let applied = false;
  for (const field of fields) {
    const message = error.fieldErrors[field]?.[0];
    if (message) {
      setError(field, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}
