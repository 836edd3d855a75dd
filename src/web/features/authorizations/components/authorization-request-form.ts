import { z } from 'zod';
import {
  authorizationRequestSchema,
  sumAuthorizationLines,
  type AuthorizationRequestInput,
} from '@shared/authorizations';

import { dollarsToCents } from '../../../lib/form-numbers';

/** The inputs of the request form: dollars as typed, named like the API's fields (messages land there). */
export interface AuthorizationRequestFormValues {
  note: string;
  lines: { description: string; amountCents: string }[];
}

export const emptyAuthorizationLine = () => ({ description: '', amountCents: '' });

export function authorizationRequestOf(values: AuthorizationRequestFormValues): AuthorizationRequestInput {
  return {
    note: values.note,
    lines: values.lines.map((line) => ({
      description: line.description,
      amountCents: dollarsToCents(line.amountCents) ?? Number.NaN,
    })),
  };
}

/** The form's text turned into the request and checked by the server's own schema. */
export const authorizationRequestFormSchema = z.preprocess(
  (values: AuthorizationRequestFormValues) => authorizationRequestOf(values),
  authorizationRequestSchema,
);

/** The requested amount while typing: lines that do not read as whole cents yet count as nothing. */
export function liveRequestedAmount(values: AuthorizationRequestFormValues): number {
  const lines = authorizationRequestOf(values).lines ?? [];
  return sumAuthorizationLines(
    lines.filter((line) => Number.isInteger(line.amountCents) && line.amountCents > 0),
  );
}
