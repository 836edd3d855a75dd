import type { FieldErrors } from '@shared/errors';

/** A non-OK answer from the API, carrying what the UI needs to explain it (spec §8). */
export class ApiError extends Error {
  readonly status: number;
  /** Machine-readable code from the server's body, when it sent one. */
  readonly code: string | undefined;
  /** Per-field messages from a 400, so forms can show them under their inputs. */
  readonly fieldErrors: FieldErrors | undefined;

  constructor(status: number, message: string, options: { code?: string; fieldErrors?: FieldErrors } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = options.code;
    this.fieldErrors = options.fieldErrors;
  }
}

/** The request never got an answer: offline, DNS, server down. Not an HTTP error, so it has no status. */
export class NetworkError extends Error {
  constructor() {
    super('Cannot reach FleetClaims right now. Check your connection and try again.');
    this.name = 'NetworkError';
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Whether a body's `fieldErrors` has the shape of `fieldErrorsSchema` (field → messages). Checked by hand
 * rather than with the schema, so every page's data layer does not download zod (api-error.test.ts holds
 * the two to the same answers).
 */
export function isFieldErrors(value: unknown): value is FieldErrors {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every(
      (messages) => Array.isArray(messages) && messages.every((message) => typeof message === 'string'),
    )
  );
}

/**
 * Builds the error for a non-OK response. The message is the body's `message`, else the status text, else a
 * generic line with the status code. The body is read as text first because proxies and crashed servers
 * answer with HTML or nothing at all.
 */
export async function apiErrorFromResponse(res: Response): Promise<ApiError> {
  const body = parseJson(await res.text().catch(() => ''));
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const message =
    (typeof fields.message === 'string' && fields.message) ||
    res.statusText ||
    `Request failed with status ${res.status}`;

  return new ApiError(res.status, message, {
    ...(typeof fields.code === 'string' ? { code: fields.code } : {}),
    ...(isFieldErrors(fields.fieldErrors) ? { fieldErrors: fields.fieldErrors } : {}),
  });
}
