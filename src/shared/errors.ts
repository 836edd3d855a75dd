import { z } from 'zod';

/**
 * The one error vocabulary of the product. Services throw `AppError` with one of these codes; the server's
 * error handler maps the code to an HTTP status and answers with `ApiErrorBody`.
 */
export const ERROR_STATUS = {
  bad_request: 400,
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unprocessable: 422,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Field path (dot-joined) → messages, as react-hook-form wants them. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/** Every non-2xx `/api` answer has this body. */
export const apiErrorBodySchema = z.object({
  message: z.string().describe('Human-readable explanation, safe to show to the user'),
  code: z.string().optional().describe('Machine-readable error code'),
  fieldErrors: fieldErrorsSchema.optional().describe('Validation messages per input field'),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fieldErrors: FieldErrors | undefined;
  /** Extra headers for the answer, e.g. `Retry-After` on 429. */
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { fieldErrors?: FieldErrors; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fieldErrors = options.fieldErrors;
    this.headers = options.headers ?? {};
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}
