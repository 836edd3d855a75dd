import type { z } from 'zod';
import type { TekmetricFailure } from '@shared/tekmetric.js';

/** A failed exchange with Tekmetric, with the reason "Test connection" shows and the sync log keeps. */
export class TekmetricError extends Error {
  override name = 'TekmetricError';
  constructor(
    readonly reason: TekmetricFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** The answer's body, parsed with `schema`; a failed status, non-JSON or a wrong shape throws `api_error`. */
export async function readAnswer<S extends z.ZodType>(
  response: Response,
  what: string,
  schema: S,
): Promise<z.output<S>> {
  if (!response.ok) {
    await response.body?.cancel();
    throw new TekmetricError(
      'api_error',
      `Tekmetric answered ${response.status} to the ${what} request`,
      response.status,
    );
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new TekmetricError(
      'api_error',
      `Tekmetric answered the ${what} request with something other than JSON`,
    );
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  throw new TekmetricError(
    'api_error',
    `Tekmetric answered the ${what} request in an unexpected shape (${where}${issue.message})`,
  );
}
